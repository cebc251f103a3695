import Fastify from "fastify";
import { describe, expect, it } from "vitest";
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

  it("answers storage out of reach (the code on the error or its cause) with a 503", async () => {
    const wrapped = new Error("S3 request failed", { cause: systemError("ECONNREFUSED") });
    const res = await failing(wrapped).inject({ url: "/" });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("cannot reach its storage or database");
  });

  it("answers PostgreSQL shutting down or dropping the connection with a 503", async () => {
    for (const error of [
      systemError("57P01"),
      systemError("57P03"),
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
  });
});
