import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeOnceToFile } from "../media/renditions.js";
import { registerErrorHandler } from "./error-handler.js";

const failing = (error: Error) => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get("/", async () => {
    throw error;
  });
  return app;
};

const systemError = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe("the error handler", () => {
  it("answers a full disk with a 503 saying so, and tries again later", async () => {
    // SQLite says it its own way: its file could not grow.
    const sqlite = await failing(systemError("SQLITE_FULL")).inject({ url: "/" });
    expect(sqlite.statusCode).toBe(503);
    expect(sqlite.json().message).toContain("run out of storage space");
    const res = await failing(systemError("ENOSPC")).inject({ url: "/" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("30");
    expect(res.json()).toEqual({
      message: expect.stringContaining("run out of storage space"),
      code: "service_unavailable",
    });
  });

  it("answers libvips's own disk-full error (sharp writing the decoded upload) with a 503", async () => {
    // /dev/full refuses every write with ENOSPC; sharp reports it in words, with no code.
    const folder = await mkdtemp(join(tmpdir(), "sawdust-full-"));
    try {
      const input = join(folder, "in.png");
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#804020" } })
        .png()
        .toFile(input);
      const decoded = join(folder, "decoded.v");
      await symlink("/dev/full", decoded);
      const error = await decodeOnceToFile(input, decoded).then(
        () => undefined,
        (failure: Error) => failure,
      );
      expect(error?.message).toMatch(/No space left on device/);
      const res = await failing(error as Error).inject({ url: "/" });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain("run out of storage space");
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("answers a database too busy to answer in time with a 503 saying so (round 43)", async () => {
    for (const code of ["55P03", "57014", "40P01", "SQLITE_BUSY", "SQLITE_LOCKED_SHAREDCACHE"]) {
      const res = await failing(systemError(code)).inject({ url: "/" });
      expect(res.statusCode, code).toBe(503);
      expect(res.headers["retry-after"], code).toBe("30");
      expect(res.json(), code).toEqual({
        message: expect.stringContaining("too busy to answer right now"),
        code: "service_unavailable",
      });
    }
  });

  it("answers storage out of reach (the code on the error or its cause) with a 503", async () => {
    const wrapped = new Error("S3 request failed", { cause: systemError("ECONNREFUSED") });
    const res = await failing(wrapped).inject({ url: "/" });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("cannot reach its storage or database");
  });

  it("answers PostgreSQL shutting down or dropping the connection with a 503", async () => {
    const closed = Object.assign(
      new Error('database "sawdust" is not currently accepting connections'),
      { code: "55000" },
    );
    for (const error of [
      systemError("57P01"),
      systemError("57P03"),
      // The database renamed or dropped under the site, closed to connections, out of slots,
      // its password changed, a connection that failed.
      systemError("3D000"),
      systemError("57P04"),
      closed,
      systemError("53300"),
      systemError("28P01"),
      systemError("08006"),
      new Error("Connection terminated unexpectedly"),
    ]) {
      const res = await failing(error).inject({ url: "/" });
      expect(res.statusCode, error.message).toBe(503);
      expect(res.json().code).toBe("service_unavailable");
    }
  });

  it("keeps a bare 500 for anything else", async () => {
    const res = await failing(new TypeError("x is undefined")).inject({ url: "/" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Internal Server Error", code: "internal" });
    // PostgreSQL's 55000 is a statement's state error too, not only a database closed to sign-ins.
    const stateError = Object.assign(new Error("cannot do that now"), { code: "55000" });
    expect((await failing(stateError).inject({ url: "/" })).statusCode).toBe(500);
  });
});
