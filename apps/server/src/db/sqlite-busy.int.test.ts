import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "../http/error-handler.js";
import { SQLite as Database } from "./sqlite-driver.js";

/**
 * SQLite's own busy errors, made by real connections (an integration file: the unit suite may run
 * on a Node the native module was not built for). Database-free: it runs once, not in both passes.
 */
describe("SQLite busy", () => {
  it("answers SQLite's own busy error, a snapshot another process wrote past, with the busy 503 (round 48)", async () => {
    const folder = await mkdtemp(join(tmpdir(), "sawdust-snapshot-"));
    const file = join(folder, "busy.db");
    const [reader, writer] = [new Database(file), new Database(file)];
    try {
      reader.pragma("journal_mode = WAL");
      reader.exec("create table t (n integer)");
      // A transaction that reads, then writes after another connection committed: no wait can help.
      reader.exec("begin");
      reader.prepare("select count(*) from t").get();
      writer.exec("insert into t values (1)");
      let thrown: unknown;
      try {
        reader.exec("insert into t values (2)");
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { code?: string }).code).toBe("SQLITE_BUSY_SNAPSHOT");
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.get("/", async () => {
        throw thrown;
      });
      const res = await app.inject({ url: "/" });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain("too busy to answer right now");
    } finally {
      reader.close();
      writer.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
