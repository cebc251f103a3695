/**
 * Closing the app while a request is in flight on a keep-alive connection. The request came
 * before the close, so its answer keeps the connection open; Node's `server.close()` alone would
 * then wait out the keep-alive (72 s). This is how a test's teardown hung for a minute with a
 * load balancer's health probe in flight, and how a stopping process would outlive its bound.
 */
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

describe(`closing the app on ${TEST_DB}`, () => {
  let app: TestApp | undefined;
  const agent = new Agent({ keepAlive: true });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
  });

  it("closes a keep-alive connection once its request in flight is answered", async () => {
    app = await createTestApp();
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.server.address() as AddressInfo;
    const body = JSON.stringify({ username: "nobody_here", password: "wrong password" });

    let socketClosed: Promise<void> | undefined;
    let closing: Promise<void> | undefined;
    const answered = new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: "/api/v1/auth/login",
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "content-length": body.length },
          },
          (res) => {
            res.resume();
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
            );
          },
        );
        req.on("socket", (socket) => {
          socketClosed = new Promise((closed) => socket.on("close", () => closed()));
        });
        req.on("error", reject);
        // Half the body now: the request is in flight (routed, its body awaited) when the close
        // starts, and the rest follows once it has.
        req.write(body.slice(0, 10));
        setTimeout(() => {
          closing = app?.server.close();
          setTimeout(() => req.end(body.slice(10)), 200);
        }, 200);
      },
    );
    const answer = await answered;
    expect(answer.status).toBe(401);
    // Came before the close: kept alive as far as the answer says.
    expect(answer.connection).toBe("keep-alive");

    const closed = (closing ?? Promise.reject(new Error("the close never started"))).then(
      () => "closed" as const,
    );
    const outcome = await Promise.race([
      closed,
      new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), 10_000)),
    ]);
    expect(outcome).toBe("closed");
    // The server closed it: this client would have kept it.
    await socketClosed;
  });
});
