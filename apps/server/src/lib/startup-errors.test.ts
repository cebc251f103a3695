import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { explainStartupError } from "./startup-errors.js";

const config = loadConfig({ DATA_DIR: "/srv/sawdust" });
const coded = (code: string, message: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe("explainStartupError", () => {
  it("names DATA_DIR and says its disk is full, for every way a full disk fails a start (round 43)", () => {
    for (const error of [
      // A WAL database whose shared-memory file cannot grow: what a restart on a full disk met.
      coded("SQLITE_IOERR_SHMSIZE", "disk I/O error"),
      coded("SQLITE_FULL", "database or disk is full"),
      coded("ENOSPC", "ENOSPC: no space left on device, write", {
        path: "/srv/sawdust/media/x",
      }),
    ]) {
      const explained = explainStartupError(error, config);
      expect(explained, error.message).toContain("DATA_DIR /srv/sawdust");
      expect(explained, error.message).toContain("full or failing");
      expect(explained, error.message).toContain(error.message);
    }
  });

  it("leaves a PostgreSQL site's SQLite codes to be printed whole", () => {
    const postgres = loadConfig({
      DATA_DIR: "/srv/sawdust",
      DATABASE_URL: "postgres://sawdust@db.internal/sawdust",
    });
    expect(explainStartupError(coded("SQLITE_IOERR", "disk I/O error"), postgres)).toBeUndefined();
  });

  it("says a role PostgreSQL will not sign in may not exist, naming it (SQLSTATE 28000 is both)", () => {
    const postgres = loadConfig({
      DATABASE_URL: "postgres://nobody:secret@127.0.0.1:4774/sawdust",
    });
    const missing = explainStartupError(coded("28000", 'role "nobody" does not exist'), postgres);
    expect(missing).toBe(
      'DATABASE_URL (postgres://nobody:***@127.0.0.1:4774/sawdust): cannot connect: the role nobody does not exist or may not sign in (role "nobody" does not exist).',
    );
    const noLogin = explainStartupError(
      coded("28000", 'role "nobody" is not permitted to log in'),
      postgres,
    );
    expect(noLogin).toContain("the role nobody does not exist or may not sign in");
    expect(noLogin).toContain("is not permitted to log in");
  });

  it("names DATABASE_URL, without its password, for SSL the server lacks and a role without rights", () => {
    const postgres = loadConfig({
      DATABASE_URL: "postgres://sawdust:secret@db.internal:5432/gallery?sslmode=require",
    });
    const noSsl = explainStartupError(
      new Error("The server does not support SSL connections"),
      postgres,
    );
    expect(noSsl).toContain(
      "DATABASE_URL (postgres://sawdust:***@db.internal:5432/gallery?sslmode=require): cannot connect: The server does not support SSL connections",
    );
    expect(noSsl).toContain("Remove sslmode");
    const noRights = explainStartupError(
      coded("42501", "permission denied for table kysely_migration_lock"),
      postgres,
    );
    expect(noRights).toContain(
      "DATABASE_URL (postgres://sawdust:***@db.internal:5432/gallery?sslmode=require): the role signs in but may not create or use Sawdust's tables (permission denied for table kysely_migration_lock)",
    );
    expect(noRights).toContain("ALTER DATABASE gallery OWNER TO sawdust");
    expect(`${noSsl} ${noRights}`).not.toContain("secret");
  });
});
