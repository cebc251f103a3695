import { randomBytes } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, multipart, signIn } from "../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";

let app: TestApp;
let admin: { cookie: string };
let origin: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "intake_admin", "admin");
  origin = await app.server.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

/** One upload over `agent`, as a browser sends it; gives up after `patienceMs` without an answer. */
function send(
  agent: Agent,
  file: { name: string; data: Buffer; type: string },
  patienceMs: number,
) {
  const body = multipart(file);
  return new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = httpRequest(`${origin}/api/v1/images/upload`, {
      method: "POST",
      agent,
      headers: { ...body.headers, cookie: admin.cookie, "content-length": body.payload.length },
    });
    req.setTimeout(patienceMs, () => req.destroy(new Error(`no answer in ${patienceMs} ms`)));
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", reject);
    req.end(body.payload);
  });
}

describe(`an upload refused from its first bytes, on ${TEST_DB}`, () => {
  it("leaves the connection to answer the next upload on it", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A GIF of 3 MB: refused from its first 16 bytes, most of its body still unsent.
      const gif = Buffer.concat([Buffer.from("GIF89a"), randomBytes(3 * 1024 * 1024)]);
      const refused = await send(agent, { name: "anim.gif", data: gif, type: "image/gif" }, 20_000);
      expect(refused.status).toBe(400);
      // Before, this one waited behind the unread body for the server's timeout (a minute).
      const png = await makePng(900, 1100);
      const next = await send(agent, { name: "next.png", data: png, type: "image/png" }, 20_000);
      expect(next).toEqual({ status: 201, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
