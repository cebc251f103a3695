import { resolve } from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .optional(),
);

/** Every setting of design section 2, as environment variables. */
const ZEnv = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url("must be a URL").optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an email address").optional()),
  DEMO_CONTENT: booleanFlag,
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url("must be a URL such as https://example.com").optional(),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url("must be a URL").optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(64).default(1)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default("info")),
  /** The built web app's folder; by default apps/web/dist (tests and custom builds point elsewhere). */
  WEB_DIST: optionalString,
  REGISTRATIONS_PER_IP_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(20),
  ),
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = resolve(env.DATA_DIR);
  const port = env.PORT;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://${env.HOST}:${port}`);
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
    ? ({ kind: "postgres", url: env.DATABASE_URL } as const)
    : ({ kind: "sqlite", file: resolve(dataDir, "sawdust.db") } as const);
  return {
    port,
    host: env.HOST,
    dataDir,
    database,
    publicUrl: publicUrl.origin,
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
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          priceMonthly: env.STRIPE_PRICE_MONTHLY,
          priceYearly: env.STRIPE_PRICE_YEARLY,
        }
      : undefined,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    ai: env.AI_BASE_URL
      ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL ?? "gpt-4o-mini" }
      : undefined,
    workers: env.WORKERS,
    logLevel: env.LOG_LEVEL,
    registrationsPerIpHour: env.REGISTRATIONS_PER_IP_HOUR,
  };
}

/** Reads and validates every setting once; a bad value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  return toConfig(parsed.data);
}
