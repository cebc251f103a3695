import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("runs on the embedded default with no variables", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database.kind).toBe("sqlite");
    expect(config.demoContent).toBe(true);
    expect(config.workers).toBe(1);
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.secureCookies).toBe(false);
  });

  it("switches to PostgreSQL and turns demo content off there", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@127.0.0.1:5432/sawdust" });
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://u:p@127.0.0.1:5432/sawdust",
      preparedStatements: true,
    });
    expect(config.demoContent).toBe(false);
  });

  it("leaves statements unnamed on PostgreSQL when DATABASE_PREPARED_STATEMENTS is false", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u:p@127.0.0.1:5432/sawdust",
      DATABASE_PREPARED_STATEMENTS: "false",
    });
    expect(config.database).toMatchObject({ kind: "postgres", preparedStatements: false });
    expect(() =>
      loadConfig({ DATABASE_URL: "postgres://h/db", DATABASE_PREPARED_STATEMENTS: "maybe" }),
    ).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it("marks cookies Secure behind an https PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://art.example.com/" }).secureCookies).toBe(true);
  });

  it("refuses a DATABASE_URL pg cannot read, saying to percent-encode the password, without showing it", () => {
    for (const url of [
      "postgres://sawdust:s3cr#t@127.0.0.1:4744/sawdust",
      "postgres://sawdust:12#34@127.0.0.1:4744/sawdust",
      "postgres://sawdust:a/b@127.0.0.1:4744/sawdust",
    ]) {
      const attempt = () => loadConfig({ DATABASE_URL: url });
      expect(attempt, url).toThrow(ConfigError);
      expect(attempt, url).toThrow(/DATABASE_URL: must be a URL .*percent-encode .*# as %23/);
      expect(attempt, url).not.toThrow(/s3cr|#34|a\/b/);
    }
    for (const url of [
      "postgres://sawdust:s3cr%23t@127.0.0.1:4744/sawdust?sslmode=disable",
      "postgresql://sawdust:p@ss@db.internal/sawdust",
      "postgres://sawdust:pw@/sawdust?host=/var/run/postgresql",
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).database, url).toMatchObject({ url });
    }
  });

  it("says only that a DATABASE_URL with no scheme must be a postgres URL, and gives the percent-encoding advice only where there are credentials", () => {
    const message = (url: string) => {
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${url} was taken`);
    };
    expect(message("127.0.0.1:4774/sawdust")).toBe(
      "Invalid configuration:\n  DATABASE_URL: must be a postgres:// or postgresql:// URL",
    );
    expect(message("postgres://127.0.0.1:4774/sawdust#x")).toBe(
      "Invalid configuration:\n  DATABASE_URL: must be a URL such as postgres://user:password@host:5432/database",
    );
  });

  it("says in plain words, naming the range, what a numeric setting takes", () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: "abc" }, "PORT: must be a whole number from 0 to 65535"],
      [{ PORT: "70000" }, "PORT: must be a whole number from 0 to 65535"],
      [{ PORT: "-1.5" }, "PORT: must be a whole number from 0 to 65535"],
      [{ METRICS_PORT: "abc" }, "METRICS_PORT: must be a whole number from 1 to 65535"],
      [{ WORKERS: "many" }, "WORKERS: must be a whole number from 0 to 64"],
      [
        { REGISTRATIONS_PER_IP_HOUR: "lots" },
        "REGISTRATIONS_PER_IP_HOUR: must be a whole number from 1 to 1000000",
      ],
      [{ JOB_LEASE_SECONDS: "1.5" }, "JOB_LEASE_SECONDS: must be a whole number from 5 to 3600"],
      [
        { STOP_DRAIN_SECONDS: "soon" },
        "STOP_DRAIN_SECONDS: must be a number of seconds from 0 to 3",
      ],
    ];
    for (const [env, line] of cases) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        `Invalid configuration:\n  ${line}`,
      );
      expect(() => loadConfig(env), JSON.stringify(env)).not.toThrow(/\n.*\n/);
    }
    expect(loadConfig({ PORT: "0", METRICS_PORT: "65535" })).toMatchObject({
      port: 0,
      metrics: { port: 65535 },
    });
  });

  it("warns of settings that do nothing without another, and of a WEB_DIST with no web app", () => {
    const env = {
      ADMIN_EMAIL: "boss@example.com",
      AI_API_KEY: "sk-123",
      AI_MODEL: "gpt-4o",
      WEB_DIST: "/nonexistent/web",
    };
    expect(configWarnings(env, loadConfig(env))).toEqual([
      expect.stringMatching(/^ADMIN_EMAIL is ignored without ADMIN_USERNAME and ADMIN_PASSWORD: /),
      expect.stringMatching(/^AI_API_KEY and AI_MODEL are ignored without AI_BASE_URL: .*local/),
      expect.stringMatching(
        /^WEB_DIST \/nonexistent\/web holds no index.html, so every page answers 503/,
      ),
    ]);
    const complete = {
      ...env,
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "a long password",
      AI_BASE_URL: "https://vision.example.com/v1",
      WEB_DIST: mkdtempSync(join(tmpdir(), "sawdust-web-dist-")),
    };
    writeFileSync(join(complete.WEB_DIST, "index.html"), "<!doctype html>");
    try {
      expect(configWarnings(complete, loadConfig(complete))).toEqual([]);
    } finally {
      rmSync(complete.WEB_DIST, { recursive: true });
    }
    expect(configWarnings({ AI_MODEL: "gpt-4o" }, loadConfig({}))).toEqual([
      expect.stringMatching(/^AI_MODEL is ignored without AI_BASE_URL/),
    ]);
  });

  it("warns of a name a slip away from a setting's, and of links nobody else can open", () => {
    const env = {
      PUBLIC_ULR: "https://art.example.com",
      DATABSE_URL: "postgres://h/db",
      HOME: "/root",
      HOST: "0.0.0.0",
    };
    expect(configWarnings(env, loadConfig(env))).toEqual([
      "PUBLIC_ULR is not a setting Sawdust reads: did you mean PUBLIC_URL?",
      "DATABSE_URL is not a setting Sawdust reads: did you mean DATABASE_URL?",
      expect.stringMatching(/^PUBLIC_URL is not set, so links .* name http:\/\/0\.0\.0\.0:3000/),
    ]);
    const fine = { PUBLIC_URL: "https://art.example.com", HOST: "0.0.0.0", LANG: "C.UTF-8" };
    expect(configWarnings(fine, loadConfig(fine))).toEqual([]);
    // Slips without an underscore (round 61): the setting run together, a letter off, two
    // letters swapped. The shell's own names and PostgreSQL's client settings stay quiet.
    const slips = { DATADIR: "/srv/x", WORKER: "2", PROT: "80", S3BUCKET: "b", PUBLC_URL: "x" };
    expect(configWarnings(slips, loadConfig(slips))).toEqual([
      "DATADIR is not a setting Sawdust reads: did you mean DATA_DIR?",
      "WORKER is not a setting Sawdust reads: did you mean WORKERS?",
      "PROT is not a setting Sawdust reads: did you mean PORT?",
      "S3BUCKET is not a setting Sawdust reads: did you mean S3_BUCKET?",
      "PUBLC_URL is not a setting Sawdust reads: did you mean PUBLIC_URL?",
    ]);
    const shell = Object.fromEntries(
      [
        "HOME",
        "PATH",
        "PWD",
        "OLDPWD",
        "USER",
        "SHELL",
        "TERM",
        "HOSTNAME",
        "PGHOST",
        "PGPORT",
        "PGUSER",
        "PGDATABASE",
        "NODE_ENV",
        "TZ",
        "_",
        "SHLVL",
        "LOGNAME",
        "MAIL",
        "TMPDIR",
      ].map((name) => [name, "x"]),
    );
    expect(configWarnings(shell, loadConfig({}))).toEqual([]);
  });

  it("takes as PUBLIC_URL only an http or https origin, naming the setting otherwise", () => {
    expect(loadConfig({ PUBLIC_URL: "http://art.example.com:8080" }).publicUrl).toBe(
      "http://art.example.com:8080",
    );
    for (const bad of [
      // No scheme: the common slip, which threw the URL parser's own error, naming no setting.
      "art.example.com",
      "art.example.com:443",
      "javascript:alert(1)",
      "ftp://art.example.com",
      "https://art.example.com/gallery",
      "https://art.example.com/?x=1",
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be/);
    }
  });

  it("writes an IPv6 HOST in brackets in the default address", () => {
    expect(loadConfig({ HOST: "::", PORT: "4481" }).publicUrl).toBe("http://[::]:4481");
    expect(loadConfig({ HOST: "::1", PORT: "4481" }).publicUrl).toBe("http://[::1]:4481");
    expect(loadConfig({ HOST: "localhost" }).publicUrl).toBe("http://localhost:3000");
  });

  it("takes payments through Stripe only with all four Stripe settings", () => {
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
    };
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: "sk_test_123",
      webhookSecret: "whsec_123",
      priceMonthly: "price_monthly",
      priceYearly: "price_yearly",
    });
    const partial = { ...stripe, STRIPE_WEBHOOK_SECRET: "", STRIPE_PRICE_YEARLY: undefined };
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(
      "missing: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_YEARLY",
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_123" })).toThrow(
      "missing: STRIPE_SECRET_KEY, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY",
    );
  });

  it("takes Stripe's secret and restricted keys, webhook secrets and price ids, and nothing else", () => {
    const stripe = {
      STRIPE_SECRET_KEY: "sk_live_51Hx",
      STRIPE_WEBHOOK_SECRET: "whsec_Ab12",
      STRIPE_PRICE_MONTHLY: "price_1Monthly",
      STRIPE_PRICE_YEARLY: "plan_Legacy",
    };
    for (const key of ["sk_live_51Hx", "sk_test_51Hx", "rk_live_51Hx", "rk_test_51Hx"]) {
      expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: key }).stripe?.secretKey).toBe(key);
    }
    const refusals: Array<[Record<string, string>, string]> = [
      [
        { STRIPE_SECRET_KEY: "pk_test_51Hx" },
        "STRIPE_SECRET_KEY: must be a secret key (sk_live_… or sk_test_…) or a restricted key (rk_live_… or rk_test_…); pk_… is a publishable key",
      ],
      [
        { STRIPE_SECRET_KEY: "whsec_Ab12" },
        "STRIPE_SECRET_KEY: must be a secret key (sk_live_… or sk_test_…) or a restricted key (rk_live_… or rk_test_…); whsec_… is a webhook signing secret",
      ],
      [{ STRIPE_SECRET_KEY: "sk_test_51Hx\n" }, "STRIPE_SECRET_KEY: must be a secret key"],
      [{ STRIPE_SECRET_KEY: "sk_51Hx" }, "STRIPE_SECRET_KEY: must be a secret key"],
      [
        { STRIPE_WEBHOOK_SECRET: "mysecret" },
        "STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret (whsec_…)",
      ],
      [
        { STRIPE_WEBHOOK_SECRET: "sk_test_51Hx" },
        "STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret (whsec_…), shown on the endpoint's page in Stripe's dashboard; sk_… is an API secret key",
      ],
      [
        { STRIPE_PRICE_MONTHLY: "prod_abc" },
        "STRIPE_PRICE_MONTHLY: must be the id of a recurring price (price_…), from the Pro product's Pricing section in Stripe's dashboard; prod_… is a product's id",
      ],
      [
        { STRIPE_PRICE_YEARLY: "pro_yearly" },
        "STRIPE_PRICE_YEARLY: must be the id of a recurring price",
      ],
    ];
    for (const [bad, message] of refusals) {
      expect(() => loadConfig({ ...stripe, ...bad }), JSON.stringify(bad)).toThrow(ConfigError);
      expect(() => loadConfig({ ...stripe, ...bad }), JSON.stringify(bad)).toThrow(message);
    }
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ WORKERS: "-1" }, "WORKERS"],
    [{ DEMO_CONTENT: "maybe" }, "DEMO_CONTENT: must be true or false (or 1/0, yes/no)"],
    [{ S3_BUCKET: "media" }, "S3_BUCKET"],
    [{ ADMIN_USERNAME: "root" }, "ADMIN_USERNAME"],
    [{ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD: Password must be"],
    [{ ADMIN_USERNAME: "b", ADMIN_PASSWORD: "long enough pass" }, "ADMIN_USERNAME: Username"],
  ])("rejects %j naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
