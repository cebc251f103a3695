import { compileErrors, validate } from "@readme/openapi-parser";
import { MESSAGES, ZApiError, ZUploadForm } from "@sawdust/shared";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOCS_PATH,
  file,
  noBody,
  OPENAPI_PATH,
  type RegisteredRoute,
  registerApiDocs,
  registeredRoutes,
  unparsedBody,
} from "../src/http/openapi.js";
import type { StripeSettings } from "../src/modules/billing/stripe-provider.js";
import { callerOf, publishPiece } from "./editions.js";
import { FakeStripeServer, stripeModeEnv } from "./fake-stripe-server.js";
import { makePng, signIn } from "./images.js";
import { closedPort } from "./out-of-reach.js";
import { createApiKey } from "./partner-api.js";
import { createTestApp, type TestApp } from "./test-app.js";

/** The routes the contract covers: the API, media files and the health probes. */
const IN_CONTRACT = /^\/(api|media)\/|^\/(healthz|readyz)$/;

/** Routes under those paths that are not part of the contract, and why. */
const EXCLUDED: Array<{ prefix: string; why: string }> = [
  { prefix: DOCS_PATH, why: "the docs page and its own scripts, styles and document copy" },
];

/** The images and media routes, which the contract must hold too. */
const IMAGE_ROUTES = [
  "GET /api/v1/images",
  "GET /api/v1/images/:id",
  "POST /api/v1/images/upload",
  "PATCH /api/v1/images/:id",
  "PATCH /api/v1/images/:id/visibility",
  "POST /api/v1/images/:id/analyze",
  "DELETE /api/v1/images/:id",
  "GET /api/v1/images/:id/download",
  "GET /media/images/:id/:file",
  "GET /media/signed/:id/:size",
];

/** "METHOD /url" for each method of each route in the contract (HEAD mirrors GET: left out). */
function contractRoutes(routes: readonly RegisteredRoute[]) {
  return routes.flatMap((route) => {
    if (!IN_CONTRACT.test(route.url)) return [];
    if (EXCLUDED.some(({ prefix }) => route.url === prefix || route.url.startsWith(`${prefix}/`)))
      return [];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    return methods
      .filter((method) => method !== "HEAD")
      .map((method) => ({ name: `${method} ${route.url}`, route }));
  });
}

const withoutResponseSchema = (routes: readonly RegisteredRoute[]) =>
  contractRoutes(routes)
    .filter(({ route }) => !route.schema?.response)
    .map(({ name }) => name);

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const API_ERROR = {
  content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
};

/**
 * The answer's status is one the document declares for the operation, as an ApiError, and its
 * body is one: what a client generated from the document reads.
 */
function expectDeclaredError(
  document: Document,
  operation: { path: string; method: string },
  res: { statusCode: number; body: string; json(): unknown },
) {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const declared = document.paths[operation.path]?.[operation.method]?.responses ?? {};
  expect(declared[String(res.statusCode)], `${where} answered ${res.statusCode}`).toMatchObject(
    API_ERROR,
  );
  expect(ZApiError.safeParse(res.json()).success, res.body).toBe(true);
}

/** More than the 1 MiB a JSON body may be. */
const OVERSIZED = JSON.stringify({ padding: "x".repeat(1024 * 1024 + 1) });

describe("the contract as OpenAPI", () => {
  let app: TestApp;
  let document: Document;

  beforeAll(async () => {
    app = await createTestApp();
    const res = await app.server.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => app.close());

  it("sees every route the app registered", () => {
    const names = contractRoutes(registeredRoutes(app.server)).map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /healthz",
        "POST /api/v1/auth/login",
        "GET /api/v1/collections",
        "GET /api/v1/collections/:id",
        "GET /api/v1/usage",
        ...IMAGE_ROUTES,
      ]),
    );
  });

  it("gives every API route a response schema", () => {
    expect(withoutResponseSchema(registeredRoutes(app.server))).toEqual([]);
  });

  it("notices a route without a response schema", async () => {
    const server = Fastify();
    await registerApiDocs(server);
    server.get("/api/v1/forgotten", async () => ({ ok: true }));
    server.get(
      "/api/v1/declared",
      { schema: { response: { 200: { type: "object" } } } },
      () => ({}),
    );
    expect(withoutResponseSchema(registeredRoutes(server))).toEqual(["GET /api/v1/forgotten"]);
    await server.close();
  });

  it("documents a multipart form and a file without checking either", async () => {
    const server = Fastify().withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await registerApiDocs(server);
    server.post(
      "/api/v1/form",
      {
        schema: {
          consumes: ["multipart/form-data"],
          body: unparsedBody(ZUploadForm),
          response: { 200: file("image/webp", "The picture"), 304: noBody("Not modified") },
        },
      },
      async (_request, reply) => reply.type("image/webp").send(Buffer.from("RIFF")),
    );
    const sent = await server.inject({ method: "POST", url: "/api/v1/form", payload: { any: 1 } });
    expect(sent.statusCode).toBe(200);
    expect(sent.rawPayload.toString()).toBe("RIFF");

    const doc = (await server.inject({ url: OPENAPI_PATH })).json();
    const operation = doc.paths["/api/v1/form"].post;
    expect(operation.requestBody.content["multipart/form-data"].schema).toMatchObject({
      type: "object",
      properties: {
        images: { type: "string", format: "binary" },
        editionType: { enum: ["sawdust_gallery", "one_of_one", "open_edition"] },
        price: { type: "string" },
      },
      required: ["images"],
    });
    expect(operation.responses["200"].content["image/webp"].schema).toEqual({
      type: "string",
      format: "binary",
    });
    expect(operation.responses["304"]).toEqual({ description: "Not modified" });
    await server.close();
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("names the main paths, and only the API's", () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/auth/login",
        "/api/v1/auth/register",
        "/api/v1/auth/user",
        "/api/v1/images/",
        "/api/v1/images/{id}",
        "/api/v1/images/upload",
        "/api/v1/collections/",
        "/api/v1/collections/{id}",
        "/api/v1/collections/{id}/images",
        "/api/v1/tags",
        "/api/v1/explore/tags",
        "/api/v1/profile",
        "/api/v1/usage",
      ]),
    );
    for (const path of Object.keys(document.paths)) expect(path).toMatch(IN_CONTRACT);
    expect(Object.keys(document.paths).filter((path) => path.startsWith(DOCS_PATH))).toEqual([]);
  });

  it("refers to the shared schemas as components", () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["ApiError", "User", "AuthSuccess", "Collection", "CollectionDetail"]),
    );
    const login = document.paths["/api/v1/auth/login"]?.post;
    // Signed in, or the two-factor code step (issue 22).
    expect(login?.responses["200"]).toEqual({
      description: expect.any(String),
      content: { "application/json": { schema: { $ref: "#/components/schemas/LoginResponse" } } },
    });
    const register = document.paths["/api/v1/auth/register"]?.post;
    expect(register?.responses["201"]).toEqual({
      description: expect.any(String),
      content: { "application/json": { schema: { $ref: "#/components/schemas/AuthSuccess" } } },
    });
    expect(login?.responses["401"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
    });
    // Every component is used: none is left over from the input/output pairs.
    const text = JSON.stringify(document.paths) + JSON.stringify(document.components.schemas);
    for (const name of Object.keys(document.components.schemas)) {
      expect(text).toContain(`"#/components/schemas/${name}"`);
    }
  });

  it("documents the headers answers carry: Retry-After on every 429, the key's limits on the partner API's", () => {
    let tooMany = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const response = operation.responses["429"] as { headers?: object } | undefined;
        if (!response) continue;
        tooMany++;
        expect(response.headers, `${method} ${path}`).toMatchObject({
          "Retry-After": { $ref: "#/components/headers/Retry-After" },
        });
      }
    }
    expect(tooMany).toBeGreaterThan(5);
    const tags = document.paths["/api/v1/marketing/tags"]?.get;
    expect(tags?.responses["200"]).toMatchObject({
      headers: { "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" } },
    });
    expect(Object.keys(tags?.responses ?? {})).toEqual(expect.arrayContaining(["400", "429"]));
    expect((document.components as { headers?: object }).headers).toHaveProperty("RateLimit");
  });

  it("documents the partner API's 401 challenge and every error code it answers with", async () => {
    const res = await app.server.inject({ url: "/api/v1/marketing/docs" });
    const marketing = res.json() as Document;
    // Both documents: the site's, and the marketing part a partner reads.
    for (const doc of [document, marketing]) {
      let refusals = 0;
      for (const [path, operations] of Object.entries(doc.paths)) {
        if (!path.startsWith("/api/v1/marketing/")) continue;
        for (const [method, operation] of Object.entries(operations)) {
          const refused = operation.responses["401"] as { headers?: object } | undefined;
          if (!refused) continue;
          refusals++;
          expect(refused.headers, `${method} ${path}`).toMatchObject({
            "WWW-Authenticate": { schema: { type: "string" } },
          });
        }
      }
      expect(refusals).toBe(3);
    }
    const apiError = marketing.components.schemas.ApiError as {
      properties: { code: { description?: string } };
    };
    const listed = apiError.properties.code.description ?? "";
    for (const code of [
      "validation_failed",
      "bad_cursor",
      "not_found",
      "rate_limited",
      "invalid_api_key",
      "missing_api_key",
      "bad_address",
    ]) {
      expect(listed).toContain(`\`${code}\``);
    }

    // What the API does answer is among what it lists, and its 401s carry the challenge.
    const admin = await signIn(app, "oa_partner_admin", "admin");
    const { apiKey } = await createApiKey(app, admin.cookie);
    const { apiKey: spent } = await createApiKey(app, admin.cookie, { rateLimitPerHour: 1 });
    const ask = (url: string, authorization?: string, method: "GET" | "POST" = "GET") =>
      app.server.inject({ method, url, headers: authorization ? { authorization } : {} });
    const bearer = `Bearer ${apiKey}`;
    await ask("/api/v1/marketing/tags", `Bearer ${spent}`);
    const answers = await Promise.all([
      ask("/api/v1/marketing/images"),
      ask("/api/v1/marketing/images", "Bearer sdk_nonsense"),
      ask("/api/v1/marketing/images", `${bearer} extra`),
      ask("/api/v1/marketing/images?limit=abc", bearer),
      ask("/api/v1/marketing/images?cursor=nonsense", bearer),
      ask("/api/v1/marketing/images/999999", bearer),
      ask("/api/v1/marketing/images/", bearer),
      ask("/api/v1/marketing/images?tags=%C3%28", bearer),
      ask("/api/v1/marketing/tags", `Bearer ${spent}`),
      ask("/api/v1/marketing/tags", bearer, "POST"),
    ]);
    const codes = answers.map((answer) => answer.json().code as string);
    expect(codes).toEqual([
      "missing_api_key",
      "invalid_api_key",
      "invalid_api_key",
      "validation_failed",
      "bad_cursor",
      "not_found",
      "not_found",
      "bad_address",
      "rate_limited",
      "method_not_allowed",
    ]);
    for (const answer of answers) {
      expect(listed).toContain(`\`${answer.json().code}\``);
      if (answer.statusCode === 401) {
        expect(answer.headers["www-authenticate"]).toBe('Bearer realm="Sawdust marketing API"');
      }
    }
  });

  it("documents the refusals a request from another site or an unconfirmed buyer gets", () => {
    for (const [path, method] of [
      ["/api/v1/images/{id}/purchase", "post"],
      ["/api/v1/account/collecting", "put"],
      ["/api/v1/billing/webhook", "post"],
    ] as const) {
      expect(Object.keys(document.paths[path]?.[method]?.responses ?? {}), path).toContain("403");
    }
  });

  it("declares 413 on every operation that takes a body, and answers it for a body over the limit", async () => {
    let withBody = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!(operation as { requestBody?: unknown }).requestBody) continue;
        withBody++;
        expect(operation.responses["413"], `${method} ${path}`).toMatchObject(API_ERROR);
      }
    }
    expect(withBody).toBeGreaterThan(20);

    for (const operation of [
      { path: "/api/v1/auth/login", method: "post" },
      { path: "/api/v1/billing/webhook", method: "post" },
    ]) {
      const res = await app.server.inject({
        method: "POST",
        url: operation.path,
        headers: { "content-type": "application/json" },
        payload: OVERSIZED,
      });
      expect(res.statusCode, operation.path).toBe(413);
      expect(res.json()).toMatchObject({ code: "ctp_body_too_large" });
      expectDeclaredError(document, operation, res);
    }
    // A route that says more about its own limit keeps its words.
    expect(document.paths["/api/v1/images/upload"]?.post?.responses["413"]).toMatchObject({
      description: expect.stringContaining("50 MB"),
    });
  });

  it("gives each documented operation a summary, a known tag and a unique operationId", () => {
    const known = new Set(document.tags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // A prefix's own route ("/api/v1/images/") is the same route as "/api/v1/images".
        const where = `${method.toUpperCase()} ${path.replace(/(.)\/$/, "$1")}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.tags?.length, where).toBe(1);
        expect(known.has(operation.tags?.[0] ?? ""), where).toBe(true);
        expect(operation.operationId, where).toBeTruthy();
        expect(ids.has(operation.operationId ?? ""), where).toBe(false);
        ids.add(operation.operationId ?? "");
      }
    }
  });

  it("serves the docs page and its own files, under the app's Content-Security-Policy", async () => {
    const page = await app.server.inject({ url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\//);
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith(`${DOCS_PATH}/`), src).toBe(true);
      expect((await app.server.inject({ url: src })).statusCode, src).toBe(200);
    }
    const initializer = await app.server.inject({
      url: `${DOCS_PATH}/static/swagger-initializer.js`,
    });
    expect(initializer.body).toContain("validatorUrl: null");
  });
});

describe("the contract when the payment provider is out of reach", () => {
  const settings: StripeSettings = {
    secretKey: "sk_test_sawdust_openapi_0123456789",
    webhookSecret: "whsec_sawdust_openapi",
    priceMonthly: "price_pro_monthly",
    priceYearly: "price_pro_yearly",
  };
  let app: TestApp;
  let document: Document;

  beforeAll(async () => {
    // Stripe mode, with Stripe's API on a loopback port nothing listens on.
    app = await createTestApp(
      { ...stripeModeEnv(settings), REGISTRATIONS_PER_IP_HOUR: "1000" },
      { stripeTransport: { host: "127.0.0.1", port: await closedPort(), protocol: "http" } },
    );
    document = (await app.server.inject({ url: OPENAPI_PATH })).json();
  }, 60_000);
  afterAll(() => app?.close());

  /** Sawdust's 502, in its own words. */
  function expectProviderFailure(
    operation: { path: string; method: string },
    res: { statusCode: number; body: string; json(): unknown },
  ) {
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual({
      message: MESSAGES.payments.providerUnavailable,
      code: "payment_provider_error",
    });
    expectDeclaredError(document, operation, res);
  }

  it("answers 502 where a route calls the payment provider, and declares it", async () => {
    const call = callerOf(app);
    const admin = await signIn(app, "oa_admin", "admin");
    const member = await signIn(app, "oa_member");
    const piece = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "one_of_one",
      price: 4_000,
    });

    expectProviderFailure(
      { path: "/api/v1/subscriptions/create", method: "post" },
      await call("POST", "/api/v1/subscriptions/create", member, { billingCycle: "monthly" }),
    );
    expectProviderFailure(
      { path: "/api/v1/images/{id}/purchase", method: "post" },
      await call("POST", `/api/v1/images/${piece}/purchase`, member, { licence: "standard" }),
    );
    // A signed event about a subscription, which the handler reads again from Stripe.
    const stripe = new FakeStripeServer({ ...settings, prices: [] });
    const event = stripe.event("customer.subscription.updated", {
      id: "sub_out_of_reach",
      object: "subscription",
    });
    expectProviderFailure(
      { path: "/api/v1/billing/webhook", method: "post" },
      await stripe.deliver(app.server, event),
    );
    // The member's customer kept from an earlier checkout: the portal and deleting the account
    // call Stripe too.
    await app.database.db
      .insertInto("billing_customers")
      .values({
        user_id: member.userId,
        provider: "stripe",
        customer_id: "cus_out_of_reach",
        created_at: Date.now(),
      })
      .execute();
    expectProviderFailure(
      { path: "/api/v1/subscriptions/portal", method: "post" },
      await call("POST", "/api/v1/subscriptions/portal", member),
    );
    expectProviderFailure(
      { path: "/api/v1/account/", method: "delete" },
      await call("DELETE", "/api/v1/account", member, { password: "correct horse battery" }),
    );
    // And the admin's refund of a sale, which needs one paid through Stripe, declares it too.
    expect(document.paths["/api/v1/admin/sales/{id}/refund"]?.post?.responses["502"]).toMatchObject(
      API_ERROR,
    );
  }, 60_000);
});
