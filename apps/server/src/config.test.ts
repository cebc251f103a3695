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
  });

  it("takes as PUBLIC_URL only an http or https origin, naming the setting otherwise", () => {
    expect(loadConfig({ PUBLIC_URL: "http://art.example.com:8080" }).publicUrl).toBe(
      "http://art.example.com:8080",
    );
    for (const bad of [
      "art.example.com:443",
      "javascript:alert(1)",
      "ftp://art.example.com",
      "https://art.example.com/gallery",
      "https://art.example.com/?x=1",
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be/);
    }
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

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ WORKERS: "-1" }, "WORKERS"],
    [{ DEMO_CONTENT: "maybe" }, "DEMO_CONTENT"],
    [{ S3_BUCKET: "media" }, "S3_BUCKET"],
    [{ ADMIN_USERNAME: "root" }, "ADMIN_USERNAME"],
    [{ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD: Password must be"],
    [{ ADMIN_USERNAME: "b", ADMIN_PASSWORD: "long enough pass" }, "ADMIN_USERNAME: Username"],
  ])("rejects %j naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
