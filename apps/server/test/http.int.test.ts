import { connect } from "node:net";
import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_TIMEOUT_MS } from "../src/app.js";
import { signIn } from "./images.js";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let address: Promise<string> | undefined;
/** The test app on a real socket (once for the file): what Node's parser does is in the test. */
const listening = () => (address ??= app.server.listen({ port: 0, host: "127.0.0.1" }));

/** What the server answers to `request`, written to a socket as it is, until it closes. */
const rawRequest = (port: number, request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });

const get = (url: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: "GET", url, headers });

describe(`HTTP basics on ${TEST_DB}`, () => {
  it("is live and ready when the database answers", async () => {
    expect((await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", database: true });
  });

  it("lets no shared cache keep an API answer that did not say it may, and varies public ones on the cookie", async () => {
    const privateAnswer = await get("/api/v1/auth/user");
    expect(privateAnswer.headers["cache-control"]).toBe("no-store");
    const missing = await get("/api/v1/images/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    const list = await get("/api/v1/images?limit=2", { "accept-encoding": "gzip" });
    expect(list.headers["cache-control"]).toMatch(/\bpublic\b/);
    expect(String(list.headers.vary).split(/,\s*/)).toEqual(
      expect.arrayContaining(["Cookie", "accept-encoding"]),
    );
  });

  it("answers unknown API paths with a JSON 404, even when the client wants HTML", async () => {
    for (const accept of ["application/json", "text/html"]) {
      const res = await get("/api/v1/nothing-here", { accept });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: "Not found: GET /api/v1/nothing-here",
        code: "not_found",
      });
    }
    const post = await app.server.inject({ method: "DELETE", url: "/api/v1/nothing" });
    expect(post.statusCode).toBe(404);
  });

  it("names a query parameter given twice and says how to give several values", async () => {
    for (const url of [
      "/api/v1/images?tag=dawn&tag=dusk",
      "/api/v1/images?tag=dawn&availability=sold&availability=all",
      "/api/v1/images?q=a&q=b",
    ]) {
      const res = await get(url);
      const name = url.includes("availability=all")
        ? "availability"
        : url.includes("q=a")
          ? "q"
          : "tag";
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        message: `${name} was given more than once: give it once, with several values separated by commas where it takes them (${name}=a,b)`,
        code: "validation_failed",
      });
    }
    // Several values of one parameter, as the API takes them.
    expect((await get("/api/v1/images?tag=dawn,dusk")).statusCode).toBe(200);
  });

  it("gives a request 10 minutes to arrive whole: a body sent a byte at a time does not hold its connection for ever", () => {
    // Fastify turns Node's own limit off (0); Node then closes a request still arriving.
    expect(app.server.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(600_000);
  });

  it("answers what Node's parser refuses in the site's error shape: an address over 16 kB, bytes that are not HTTP", async () => {
    const url = await listening();
    const tags = Array.from({ length: 300 }, () => "x".repeat(60)).join(",");
    const long = await fetch(`${url}/api/v1/marketing/images?tags=${tags}`);
    expect(long.status).toBe(431);
    expect(long.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await long.json()).toEqual({
      message: MESSAGES.requestTooLarge,
      code: "request_too_large",
    });
    const { port } = new URL(url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("HELLO\r\n\r\n"));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      message: MESSAGES.notHttp,
      code: "not_http",
    });
  });

  it("reads a request target in absolute form as its path: the session and the API's cache rules apply (round 49)", async () => {
    const url = await listening();
    const { port } = new URL(url);
    const member = await signIn(app, "absolute_form_member");
    const me = await rawRequest(
      Number(port),
      `GET ${url}/api/v1/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${member.cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(me).toMatch(/^HTTP\/1\.1 200 /);
    expect(me).toContain('"username":"absolute_form_member"');
    expect(me.toLowerCase()).toContain("cache-control: no-store");
    const list = await rawRequest(
      Number(port),
      `GET ${url}/api/v1/images?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(list).toMatch(/^vary: .*\bCookie\b/im);
  });

  it("refuses a request naming its host twice, answers CONNECT, and redirects no slash path to another site (round 49)", async () => {
    const url = await listening();
    const port = Number(new URL(url).port);
    const twoHosts = await rawRequest(
      port,
      "GET /api/v1/tags HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n",
    );
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400 /);
    expect(twoHosts).toContain('"code":"not_http"');
    const connect = await rawRequest(
      port,
      "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n",
    );
    expect(connect).toMatch(/^HTTP\/1\.1 405 /);
    expect(connect).toContain('"code":"method_not_allowed"');
    expect(connect).toMatch(/^Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r$/m);
    // `*` is a target for OPTIONS alone: `GET *` is no page (round 50).
    const star = await rawRequest(
      port,
      "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    expect(star).toMatch(/^HTTP\/1\.1 400 /);
    // A method no route has names the address it was sent to, not an internal one.
    const propfind = await rawRequest(
      port,
      "PROPFIND /api/v1/tags HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
    expect(propfind).not.toContain("__sawdust");
    // A browser reads `/\host` as `//host`, another site: such a path is not sent there.
    for (const path of ["/\\evil.example/", "//evil.example/"]) {
      const away = await rawRequest(
        port,
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
      );
      expect(away, path).not.toMatch(/^HTTP\/1\.1 308 /);
    }
    const fine = await rawRequest(
      port,
      "GET /gallery/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n",
    );
    expect(fine).toMatch(/^HTTP\/1\.1 308 /);
  });

  it("serves the web app at the root", async () => {
    const res = await get("/", { accept: "text/html" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<div id=root>");
  });

  it("serves the web app for a deep link, with security headers", async () => {
    const res = await get("/collections/7", { accept: "text/html,application/xhtml+xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<div id=root>");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("serves hashed assets as immutable, and a missing asset as a 404", async () => {
    const asset = await get("/assets/app-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await get("/assets/missing.js", { accept: "*/*" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("behind HTTPS", () => {
  it("marks the cookie Secure and sends HSTS when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://art.example.com" });
    try {
      const res = await secure.server.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        headers: { origin: "https://art.example.com" },
        payload: { username: "secure_sam", email: "sam@example.com", password: "long enough pw" },
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers["set-cookie"])).toMatch(/; Secure/);
      // This host only: not every subdomain of the site's domain.
      expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
    } finally {
      await secure.close();
    }
  });
});
