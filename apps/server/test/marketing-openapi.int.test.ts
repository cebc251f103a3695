/**
 * The marketing API's own document (issue 16, acceptance 5): GET /api/v1/marketing/docs is a
 * valid OpenAPI 3.1 document made from the schemas the routes validate with (the very operations
 * of the site's document), and every operation it documents, called with requests built from it
 * (its parameters' examples, its security scheme), answers as it says: each status documented,
 * each body valid against its schema, each documented header present. Its page serves everything
 * itself, with the curl example on the site's real origin.
 */
import { compileErrors, dereference, validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "../src/http/openapi.js";
import { seedImage, signIn } from "./images.js";
import { createApiKey } from "./partner-api.js";
import { createTestApp, type TestApp } from "./test-app.js";

const ORIGIN = "https://partners.sawdust.example";
const DOCUMENT = "/api/v1/marketing/docs";
const PAGE = "/api/docs/marketing";

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  example?: unknown;
  description?: string;
  schema?: Record<string, unknown>;
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: object }>;
}
interface Operation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  info: { title: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; scheme?: string }>;
    headers: Record<string, unknown>;
  };
}

let app: TestApp;
let document: Document;
let key: string;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: ORIGIN });
  admin = await signIn(app, "docs_admin", "admin");
  // The first image (id 1, the path parameter's example) matches every example of the list's
  // parameters, so the documented request finds something.
  const first = await seedImage(app, {
    title: "Example piece",
    tags: ["sunset", "ocean"],
    styles: ["watercolor"],
    colors: ["blue"],
    editionType: "one_of_one",
  });
  await app.database.db
    .updateTable("images")
    .set({ price_cents: 5000, total_downloads: 3 })
    .where("id", "=", first)
    .execute();
  await seedImage(app, { title: "Another", tags: ["forest"] });
  app.services.listCache.invalidate();
  key = (await createApiKey(app, admin.cookie)).apiKey;
  const res = await app.server.inject({ url: DOCUMENT });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => app.close());

/**
 * A parameter's example: its `example`, or for an optional filter the one its description gives
 * ("e.g. `sunset,ocean`"), which the docs page's "Try it out" does not fill in (a list filtered by
 * every example is empty).
 */
const exampleOf = (parameter: Parameter) =>
  parameter.example ?? /e\.g\. `([^`]+)`/.exec(parameter.description ?? "")?.[1];

/** A request built from the document: path and query from the parameters' examples. */
function requestFor(path: string, operation: Operation, only: "required" | "all") {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    const value = exampleOf(parameter);
    if (parameter.in === "path") {
      expect(value, `${path}: ${parameter.name} has an example`).toBeDefined();
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    } else if (parameter.in === "query" && value !== undefined) {
      if (only === "all" || parameter.required) query.set(parameter.name, String(value));
    }
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

describe("the marketing API's OpenAPI document", () => {
  it("is valid OpenAPI 3.1, served without a key", async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents the marketing API alone, on the site's real origin, with a curl example", () => {
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/v1/marketing/docs",
      "/api/v1/marketing/images",
      "/api/v1/marketing/images/{id}",
      "/api/v1/marketing/tags",
    ]);
    expect(document.info.title).toBe("Sawdust Marketing API");
    expect(document.servers).toEqual([{ url: ORIGIN, description: "This site" }]);
    expect(document.info.description).toContain(
      `curl -H "Authorization: Bearer $SAWDUST_API_KEY" \\\n  "${ORIGIN}/api/v1/marketing/images?limit=5&sort=most_downloaded"`,
    );
    expect(document.components.securitySchemes).toEqual({
      partnerKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    // Every parameter shows an example (the requests below are built from them), but the cursor,
    // which only a previous page gives; a filter's is in its description, so that "Try it out"
    // starts with the filters empty (it fills a parameter in with its `example`).
    const list = document.paths["/api/v1/marketing/images"]?.get;
    expect(list?.parameters?.filter((p) => exampleOf(p) === undefined).map((p) => p.name)).toEqual([
      "cursor",
    ]);
    expect(list?.parameters?.filter((p) => p.example !== undefined).map((p) => p.name)).toEqual([
      "limit",
    ]);
    expect(exampleOf(list?.parameters?.find((p) => p.name === "edition_type") as Parameter)).toBe(
      "one_of_one,open_edition",
    );
    // A price bound is documented as what it is read as (round 58: a pattern of digits let a
    // generated client send -1 and 1.5), and no count, size or price as possibly negative.
    for (const name of ["min_price", "max_price"]) {
      expect(list?.parameters?.find((p) => p.name === name)?.schema).toMatchObject({
        type: "integer",
        minimum: 0,
      });
    }
    expect(JSON.stringify(document)).not.toContain(`"minimum":${-Number.MAX_SAFE_INTEGER}`);
    // Only what it uses: no session, no schema of the rest of the site.
    expect(JSON.stringify(document)).not.toContain("sawdust_session");
    expect(Object.keys(document.components.schemas)).not.toContain("User");
  });

  it("is made from the same schemas as the site's document: the same operations", async () => {
    const site = (await app.server.inject({ url: OPENAPI_PATH })).json() as Document;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const there = site.paths[path]?.[method];
        expect(there, `${method} ${path} in the site's document`).toBeDefined();
        expect(operation.parameters).toEqual(there?.parameters);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.content, `${method} ${path} ${status}`).toEqual(
            there?.responses[status]?.content,
          );
        }
      }
    }
  });

  it("answers every documented operation as documented: statuses, bodies and headers", async () => {
    const resolved = (await dereference(structuredClone(document) as never)) as unknown as Document;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const checked: string[] = [];

    const check = async (
      method: string,
      operation: Operation,
      url: string,
      bearer: string | undefined,
      expected: number,
    ) => {
      const res = await app.server.inject({
        method: method.toUpperCase() as "GET",
        url,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
      const where = `${method.toUpperCase()} ${url} (${operation.operationId})`;
      expect(res.statusCode, `${where}: ${res.body}`).toBe(expected);
      const documented = operation.responses[String(res.statusCode)];
      expect(documented, `${where}: status ${res.statusCode} is documented`).toBeDefined();
      const schema = documented?.content?.["application/json"]?.schema;
      expect(schema, `${where}: a JSON schema`).toBeDefined();
      const valid = ajv.compile(schema as object);
      expect(valid(res.json()), `${where}: ${JSON.stringify(valid.errors)}`).toBe(true);
      for (const header of Object.keys(documented?.headers ?? {})) {
        expect(res.headers[header.toLowerCase()], `${where}: header ${header}`).toBeDefined();
      }
      checked.push(`${operation.operationId} ${res.statusCode}`);
      return res;
    };

    for (const [path, operations] of Object.entries(resolved.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const keyed = (operation.security ?? []).some((s) => "partnerKey" in s);
        const scheme = resolved.components.securitySchemes.partnerKey;
        expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
        const bearer = keyed ? key : undefined;

        // The documented request with only what it requires, then with every example.
        const plain = await check(
          method,
          operation,
          requestFor(path, operation, "required"),
          bearer,
          200,
        );
        const full = await check(
          method,
          operation,
          requestFor(path, operation, "all"),
          bearer,
          200,
        );
        if (path === "/api/v1/marketing/images") {
          expect(plain.json().images.length).toBe(2);
          expect(full.json().images.map((i: { title: string }) => i.title)).toEqual([
            "Example piece",
          ]);
        }
        if (!keyed) continue;
        // Every error it documents, provoked.
        await check(method, operation, requestFor(path, operation, "all"), undefined, 401);
        if (operation.responses["400"]) {
          const bad = operation.parameters?.some((p) => p.in === "path")
            ? requestFor(path, operation, "required").replace(/\/1$/, "/not-a-number")
            : `${requestFor(path, operation, "all")}${requestFor(path, operation, "all").includes("?") ? "&" : "?"}limit=0`;
          await check(method, operation, bad, key, 400);
        }
        if (operation.responses["404"]) {
          await check(method, operation, path.replace("{id}", "999999"), key, 404);
        }
        // A key with one request an hour: the second is refused.
        const limited = (await createApiKey(app, admin.cookie, { rateLimitPerHour: 1 })).apiKey;
        await check(method, operation, requestFor(path, operation, "all"), limited, 200);
        await check(method, operation, requestFor(path, operation, "all"), limited, 429);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "getMarketingDocs 200",
        "listMarketingImages 200",
        "listMarketingImages 400",
        "listMarketingImages 401",
        "listMarketingImages 429",
        "getMarketingImage 200",
        "getMarketingImage 400",
        "getMarketingImage 404",
        "getMarketingImage 401",
        "listMarketingTags 200",
        "listMarketingTags 401",
      ]),
    );
  });
});

describe("the marketing API's documentation page", () => {
  it("serves its page and its own files, under the app's Content-Security-Policy", async () => {
    const page = await app.server.inject({ url: PAGE });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset.startsWith("/api/docs/"), asset).toBe(true);
      expect((await app.server.inject({ url: asset })).statusCode, asset).toBe(200);
    }
    const script = await app.server.inject({ url: `${PAGE}/initializer.js` });
    expect(script.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(script.body).toContain(`url: "${DOCUMENT}"`);
    expect(script.body).toContain("validatorUrl: null");
  });
});

describe("the marketing API's document on a site without PUBLIC_URL", () => {
  it("names its server relatively, so the page's Try it out calls the address it was opened at (round 58)", async () => {
    // Its Content-Security-Policy lets the page call only its own origin, and without PUBLIC_URL
    // the site answers at every address it listens on (localhost, 127.0.0.1, the LAN's).
    const bare = await createTestApp({});
    try {
      const res = await bare.server.inject({ method: "GET", url: DOCUMENT });
      expect(res.statusCode).toBe(200);
      expect(res.json().servers).toEqual([{ url: "/", description: "This site" }]);
    } finally {
      await bare.close();
    }
  });
});
