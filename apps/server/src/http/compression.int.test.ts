import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, signIn, uploadPublished } from "../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: "GET", url, headers });

describe(`response compression on ${TEST_DB}`, () => {
  it("sends JSON with brotli or gzip to a client that accepts it, and plain otherwise", async () => {
    const url = "/api/v1/images?limit=20";
    // A list large enough to be worth compressing.
    const { cookie } = await signIn(app, "compress_admin", "admin");
    const png = await makePng(800, 800);
    for (let i = 0; i < 3; i++) {
      const res = await uploadPublished(app, cookie, {
        name: `a${i}.png`,
        data: png,
        type: "image/png",
      });
      expect(res.statusCode).toBe(201);
    }

    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const expected = plain.json();

    const br = await get(url, { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);

    // A visitor's page is kept: compressed once, the same bytes to the next browser, with Vary.
    const again = await get(url, { "accept-encoding": "gzip, deflate, br" });
    expect(again.headers["content-encoding"]).toBe("br");
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    for (const res of [plain, br, gzip, again])
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(plain.headers.etag);
    // A member's page is made for them each time, and compressed all the same.
    const member = await get(url, { cookie, "accept-encoding": "br" });
    expect(member.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(member.rawPayload).toString()).images).toHaveLength(3);
  });

  it("answers HEAD with the headers its GET has, compression's included", async () => {
    // HEAD lacked Content-Encoding and Vary on every route whose body is not kept (the API's
    // document, a member's list), with the uncompressed length.
    const { cookie } = await signIn(app, "compress_head", "user");
    for (const [url, headers] of [
      ["/api/openapi.json", { "accept-encoding": "br, gzip" }],
      ["/api/openapi.json", { "accept-encoding": "gzip" }],
      ["/api/v1/images?limit=20", { cookie, "accept-encoding": "br" }],
      ["/api/v1/images?limit=20", { "accept-encoding": "br" }],
    ] as const) {
      const got = await get(url, headers);
      const head = await app.server.inject({ method: "HEAD", url, headers });
      expect(got.statusCode, url).toBe(200);
      expect(got.headers["content-encoding"], url).toMatch(/^(br|gzip)$/);
      expect(head.statusCode, url).toBe(200);
      expect(head.rawPayload.length, url).toBe(0);
      for (const name of ["content-encoding", "vary", "content-type", "content-length"])
        expect(head.headers[name], `${url} ${name}`).toBe(got.headers[name]);
    }
  });

  it("leaves pictures as they are", async () => {
    const list = (await get("/api/v1/images?limit=1")).json();
    const res = await get(list.images[0].urlSmall, { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
