import { existsSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { ZNewPassword, ZUsername } from "@sawdust/shared";
import leven from "leven";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(["true", "false", "1", "0", "yes", "no"], {
      error: "must be true or false (or 1/0, yes/no)",
    })
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .optional(),
);

/**
 * A Stripe setting whose value must match `form`; `expected` says what it must be, and a value
 * of a kind known to be mistaken for it (by its prefix) is named as what it is.
 */
function stripeId(form: RegExp, expected: string, mistaken: Record<string, string> = {}) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((value, ctx) => {
        if (form.test(value)) return;
        const prefix = /^([a-z]+)_/.exec(value)?.[1] ?? "";
        const what = /\s/.test(value)
          ? "; this value holds a space or a line break"
          : Object.hasOwn(mistaken, prefix)
            ? `; ${prefix}_… is ${mistaken[prefix]}`
            : "";
        ctx.addIssue({ code: "custom", message: `${expected}${what}` });
      })
      .optional(),
  );
}

/** A recurring price's id (`price_…`; a legacy plan's `plan_…` is accepted where a price is). */
const stripePriceId = () =>
  stripeId(
    /^(price|plan)_\S+$/,
    "must be the id of a recurring price (price_…), from the Pro product's Pricing section in Stripe's dashboard",
    { prod: "a product's id, not one of its prices" },
  );

/**
 * A whole number from `min` to `max`, said in those words for any other value (zod's own
 * "expected number, received NaN" or "Too big: expected number to be <=65535" named no range).
 */
function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/**
 * Whether pg can read `url`: it parses it as a URL (a host left empty, for a socket, is allowed),
 * so a `#` or `/` in a password fails every start with a bare "Invalid URL" naming no setting
 * (or, after some digits, makes the rest a fragment pg ignores). No database URL has a fragment.
 */
function parsesAsDatabaseUrl(url: string): boolean {
  return !url.includes("#") && (URL.canParse(url) || URL.canParse(url.replace("@/", "@host/")));
}

/** Every setting of design section 2, as environment variables. */
const ZEnv = z.object({
  PORT: z.preprocess(emptyToUndefined, wholeNumber(0, 65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // Alone when it fails: the advice on a URL pg cannot read is for one that is a postgres URL.
      .regex(/^postgres(ql)?:\/\//, {
        error: "must be a postgres:// or postgresql:// URL",
        abort: true,
      })
      .superRefine((url, ctx) => {
        if (parsesAsDatabaseUrl(url)) return;
        const example = "must be a URL such as postgres://user:password@host:5432/database";
        // Percent-encoding is the fix only where there is a user name or password to encode.
        const credentials = url.slice(url.indexOf("//") + 2).includes("@");
        ctx.addIssue({
          code: "custom",
          message: credentials
            ? `${example}: percent-encode special characters in the user name and password (# as %23, @ as %40, / as %2F, : as %3A, ? as %3F)`
            : example,
        });
      })
      .optional(),
  ),
  /**
   * PostgreSQL: prepare hot statements by name (pg-named-statements.ts). Off for a pooler that
   * hands a session's statements to other server connections (PgBouncer in transaction mode
   * before 1.21, or without `max_prepared_statements`).
   */
  DATABASE_PREPARED_STATEMENTS: booleanFlag,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url("must be a URL").optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // The rules an account made through the app follows (an admin made at start-up is one).
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, ZUsername.optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, ZNewPassword.optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an email address").optional()),
  DEMO_CONTENT: booleanFlag,
  // An origin people's browsers reach: http or https, with no path (links are made from its
  // origin alone, so `https://example.com/gallery` lost its path without a word).
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: "must be an http or https address such as https://example.com",
      })
      .refine(
        // An address that is no URL at all (`example.com`) has already been refused above.
        (url) =>
          !URL.canParse(url) || (["", "/"].includes(new URL(url).pathname) && !/[?#]/.test(url)),
        "must be the site's origin alone, such as https://example.com (Sawdust is served from the root of its host; no path, query or fragment)",
      )
      .optional(),
  ),
  // Of the form Stripe gives each (README, Billing): a publishable key, a made-up webhook secret
  // or a product's id would start without a word and fail only when a member pays.
  STRIPE_SECRET_KEY: stripeId(
    /^(sk|rk)_(live|test)_\S+$/,
    "must be a secret key (sk_live_… or sk_test_…) or a restricted key (rk_live_… or rk_test_…)",
    {
      pk: "a publishable key, which Stripe gives browsers",
      whsec: "a webhook signing secret, for STRIPE_WEBHOOK_SECRET",
    },
  ),
  STRIPE_WEBHOOK_SECRET: stripeId(
    /^whsec_\S+$/,
    "must be the webhook endpoint's signing secret (whsec_…), shown on the endpoint's page in Stripe's dashboard",
    { sk: "an API secret key, for STRIPE_SECRET_KEY", rk: "an API key, for STRIPE_SECRET_KEY" },
  ),
  STRIPE_PRICE_MONTHLY: stripePriceId(),
  STRIPE_PRICE_YEARLY: stripePriceId(),
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url("must be a URL").optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  WORKERS: z.preprocess(emptyToUndefined, wholeNumber(0, 64).default(1)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default("info")),
  /** The built web app's folder; by default apps/web/dist (tests and custom builds point elsewhere). */
  WEB_DIST: optionalString,
  REGISTRATIONS_PER_IP_HOUR: z.preprocess(emptyToUndefined, wholeNumber(1, 1_000_000).default(20)),
  TRUST_PROXY: optionalString,
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters (a random token)").optional(),
  ),
  METRICS_PORT: z.preprocess(emptyToUndefined, wholeNumber(1, 65535).optional()),
  STOP_DRAIN_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number of seconds from 0 to 3" })
      .min(0, { error: "must be a number of seconds from 0 to 3" })
      .max(3, "must be at most 3 (a stop takes at most 8 s)")
      .default(0),
  ),
  /** smtp:// or smtps:// with credentials; unset: mail is kept in the admin's outbox. */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url("must be a URL such as smtps://user:password@smtp.example.com:465")
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  /** The sender: `name@example.com` or `Site Name <name@example.com>`. */
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        "must be an address such as no-reply@example.com or Sawdust <no-reply@example.com>",
      )
      .optional(),
  ),
  JOB_LEASE_SECONDS: z.preprocess(emptyToUndefined, wholeNumber(5, 3600).default(30)),
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = resolve(env.DATA_DIR);
  const port = env.PORT;
  // An IPv6 address (`::`, `::1`) is written in brackets in a URL.
  const hostInUrl = isIP(env.HOST) === 6 ? `[${env.HOST}]` : env.HOST;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://${hostInUrl}:${port}`);
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === port) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (both are ${port}): the metrics listen on a port of their own`,
    );
  }
  const s3Keys = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      "S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none of them)",
    );
  }
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError("ADMIN_USERNAME and ADMIN_PASSWORD must be set together");
  }
  const database = env.DATABASE_URL
    ? ({
        kind: "postgres",
        url: env.DATABASE_URL,
        preparedStatements: env.DATABASE_PREPARED_STATEMENTS ?? true,
      } as const)
    : ({ kind: "sqlite", file: resolve(dataDir, "sawdust.db") } as const);
  return {
    port,
    host: env.HOST,
    dataDir,
    database,
    publicUrl: publicUrl.origin,
    /** PUBLIC_URL was set: then it is the only origin a browser's unsafe request may come from. */
    publicUrlGiven: env.PUBLIC_URL !== undefined,
    secureCookies: publicUrl.protocol === "https:",
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? "us-east-1",
          accessKeyId: env.S3_ACCESS_KEY_ID as string,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
        }
      : undefined,
    admin: env.ADMIN_USERNAME
      ? {
          username: env.ADMIN_USERNAME,
          password: env.ADMIN_PASSWORD as string,
          email: env.ADMIN_EMAIL ?? `${env.ADMIN_USERNAME}@sawdust.local`,
        }
      : undefined,
    // Demo content: on by default on the embedded database only (design section 2).
    demoContent: env.DEMO_CONTENT ?? database.kind === "sqlite",
    stripe: stripeSettings(env),
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    ai: env.AI_BASE_URL
      ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL ?? "gpt-4o-mini" }
      : undefined,
    workers: env.WORKERS,
    logLevel: env.LOG_LEVEL,
    registrationsPerIpHour: env.REGISTRATIONS_PER_IP_HOUR,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Sawdust <no-reply@${publicUrl.hostname}>`,
    },
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    stopDrainMs: env.STOP_DRAIN_SECONDS * 1000,
  };
}

/** Names proxy-addr (Fastify's `trustProxy`) knows for whole ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY, as Fastify's `trustProxy`: unset (or 0) trusts no proxy, so the socket's address
 * is the client's; a comma list trusts X-Forwarded-For only from those addresses or CIDR ranges;
 * a hop count N trusts the N nearest hops whoever they are (Fastify itself reads a number as
 * "trust nothing", so it becomes a function here), which is safe only when nothing but the
 * proxies can reach the port.
 */
function parseTrustProxy(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value.trim());
    if (hops > 32) throw new ConfigError("TRUST_PROXY: a hop count must be at most 32");
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY: '${entry}' is not a hop count, an IP address, a CIDR range (10.0.0.0/8) or one of ${[...NAMED_RANGES].join(", ")}`,
      );
    }
  }
  return entries;
}

const STRIPE_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_MONTHLY",
  "STRIPE_PRICE_YEARLY",
] as const;

/**
 * Stripe's four settings, all or none (none: the built-in sandbox). A partial set would take
 * payments that no webhook could confirm, or offer a checkout with no price, so it stops the start.
 */
function stripeSettings(env: z.infer<typeof ZEnv>) {
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: priceMonthly,
    STRIPE_PRICE_YEARLY: priceYearly,
  } = env;
  if (secretKey && webhookSecret && priceMonthly && priceYearly) {
    return { secretKey, webhookSecret, priceMonthly, priceYearly };
  }
  const missing = STRIPE_SETTINGS.filter((name) => !env[name]);
  if (missing.length === STRIPE_SETTINGS.length) return undefined;
  throw new ConfigError(
    `${STRIPE_SETTINGS.join(", ")} must be set together (or none of them, for the built-in sandbox); missing: ${missing.join(", ")}`,
  );
}

/** Names every shell sets that are a letter from a setting's (HOME, HOST): never a slip. */
const SHELL_NAMES = new Set(["HOME"]);

/**
 * Whether `name` looks like a slip for `setting`. Names with an underscore may be two edits away
 * (`PUBLIC_ULR`, `DATABSE_URL`). The environment holds many short names of its own (`HOME`,
 * `PGPORT`), so one without is taken for a slip only when it is the setting without its
 * underscores (`DATADIR`, `S3BUCKET`), a letter off (`WORKER`), or two neighbouring letters
 * swapped (`PROT`).
 */
function nearSetting(name: string, setting: string): boolean {
  if (name.includes("_")) return leven(name, setting) <= 2 || bare(name) === bare(setting);
  if (SHELL_NAMES.has(name)) return false;
  const target = bare(setting);
  return leven(name, target) <= 1 || swapsTwoNeighbours(name, target);
}

function bare(name: string): string {
  return name.replaceAll("_", "");
}

function swapsTwoNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((letter, i) => (letter === b[i] ? [] : [i]));
  const [i, j] = differ;
  return differ.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/**
 * What a start should tell its operator about a configuration that loads but looks wrong: a name
 * a letter or two away from a setting's (`PUBLIC_ULR`, which is otherwise ignored without a word),
 * links no one can open (PUBLIC_URL unset while listening on every interface), settings that do
 * nothing without another, and a WEB_DIST with no web app in it.
 */
export function configWarnings(
  env: Record<string, string | undefined>,
  config: Pick<Config, "host" | "publicUrl" | "admin" | "ai" | "webDist">,
): string[] {
  const known = Object.keys(ZEnv.shape);
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (known.includes(name)) continue;
    const near = known.find((setting) => nearSetting(name, setting));
    if (near) warnings.push(`${name} is not a setting Sawdust reads: did you mean ${near}?`);
  }
  if (!env.PUBLIC_URL && ["0.0.0.0", "::"].includes(config.host)) {
    warnings.push(
      `PUBLIC_URL is not set, so links in mail, the sitemap and share tags name ${config.publicUrl}, which no one else can open: set PUBLIC_URL to the address people use (README: Configuration)`,
    );
  }
  if (env.ADMIN_EMAIL?.trim() && !config.admin) {
    warnings.push(
      "ADMIN_EMAIL is ignored without ADMIN_USERNAME and ADMIN_PASSWORD: the administrator a start makes when none can sign in is `admin`, with a generated password and the address admin@sawdust.local. Set all three to have yours made instead.",
    );
  }
  const aiAlone = (["AI_API_KEY", "AI_MODEL"] as const).filter((name) => env[name]?.trim());
  if (aiAlone.length > 0 && !config.ai) {
    warnings.push(
      `${aiAlone.join(" and ")} ${aiAlone.length > 1 ? "are" : "is"} ignored without AI_BASE_URL: images are analysed by the local analysers only. Set AI_BASE_URL to the vision model's OpenAI-compatible endpoint to use it.`,
    );
  }
  if (config.webDist && !existsSync(join(config.webDist, "index.html"))) {
    warnings.push(
      `WEB_DIST ${config.webDist} holds no index.html, so every page answers 503 (the API works): point WEB_DIST at the built web app's folder (apps/web/dist after \`npm run build\`), or unset it.`,
    );
  }
  return warnings;
}

/** Reads and validates every setting once; a bad value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    // Once each: a value failing two checks of the same plain words (-1.5 for PORT) says it once.
    const lines = new Set(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
    throw new ConfigError(`Invalid configuration:\n  ${[...lines].join("\n  ")}`);
  }
  return toConfig(parsed.data);
}
