import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../config.js";
import { migrateToLatest, openDatabase } from "../db/database.js";
import { AppError } from "../lib/errors.js";
import { explainStartupError } from "../lib/startup-errors.js";
import { createServices, openMedia } from "../services.js";
import { BackupError, backup, restore } from "./backup.js";

const USAGE = `Usage:
  npm run admin -- create --username NAME --email EMAIL [--password PASSWORD]
      Create an administrator, or make an existing account of that name one: its password is
      replaced (its sessions end) and its email stays as it is.
  npm run admin -- reset-password --username NAME [--password PASSWORD]
      Set a new password; the account's sessions end.
  npm run admin -- backup --to DIR
      Copy the embedded database (consistently, while the server runs) and the media into DIR.
  npm run admin -- restore --from DIR
      Put a backup into an empty DATA_DIR, then start the server on it.
Without --password a strong password is generated and printed once.
It uses the same DATA_DIR / DATABASE_URL as the server.`;

/** The admin command line; returns the process exit code. */
export async function runAdminCli(argv: string[], env = process.env): Promise<number> {
  const [command, ...rest] = argv;
  let values: {
    username?: string;
    email?: string;
    password?: string;
    to?: string;
    from?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        username: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        to: { type: "string" },
        from: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help || !command) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!["create", "reset-password", "backup", "restore"].includes(command)) {
    console.error(`Unknown command '${command}'.\n\n${USAGE}`);
    return 2;
  }
  if (command === "backup" || command === "restore") {
    const dir = command === "backup" ? values.to : values.from;
    if (!dir) {
      console.error(`Missing ${command === "backup" ? "--to" : "--from"} DIR.\n\n${USAGE}`);
      return 2;
    }
    const out = (line: string) => console.log(line);
    return onConfiguredSite(env, async (config) => {
      if (command === "backup") await backup(config, resolve(dir), out);
      else await restore(config, resolve(dir), out);
    });
  }
  const { username, email, password } = values;
  if (!username || (command === "create" && !email)) {
    console.error(`Missing ${username ? "--email" : "--username"}.\n\n${USAGE}`);
    return 2;
  }
  return onConfiguredSite(env, (config) =>
    command === "create"
      ? createAdmin(config, { username, email: email as string, password })
      : resetPassword(config, { username, password }),
  );
}

/**
 * Runs a command on the site the settings name. What stops it is told in one line naming what
 * to fix, as a failed start is (lib/startup-errors.ts): a bad setting, a DATA_DIR that is not
 * one, a database that cannot be reached, a refusal (exit code 1). Anything else is printed
 * whole, with exit code 1 too.
 */
async function onConfiguredSite(
  env: NodeJS.ProcessEnv,
  command: (config: Config) => Promise<void>,
): Promise<number> {
  let config: Config | undefined;
  try {
    config = loadConfig(env);
    await command(config);
    return 0;
  } catch (error) {
    const refusal =
      error instanceof ConfigError || error instanceof AppError || error instanceof BackupError;
    const explained = refusal ? error.message : config && explainStartupError(error, config);
    if (explained) console.error(explained);
    else console.error("npm run admin failed:", error);
    return 1;
  }
}

async function createAdmin(
  config: Config,
  account: { username: string; email: string; password?: string },
): Promise<void> {
  const password = account.password ?? randomBytes(15).toString("base64url");
  // No database there: a new site is made (a first administrator before the first start), or
  // DATA_DIR is mistyped and the server never sees this account (round 63). Said either way.
  const newSite = config.database.kind === "sqlite" && !existsSync(config.database.file);
  await withAuth(config, async (auth) => {
    const made = await auth.upsertAdmin({ ...account, password });
    console.log(
      made.created
        ? `Administrator '${account.username}' is ready.`
        : `The account '${account.username}' already existed: it is an administrator now, with a new password (its sessions have ended). Its email stays ${made.email}.`,
    );
  });
  if (newSite) {
    console.log(
      `DATA_DIR ${config.dataDir} held no database: this made a new site there. If your server uses another folder, set DATA_DIR to it and run this again.`,
    );
  }
  if (!account.password) console.log(`password: ${password}\n(shown once: keep it safe)`);
}

async function resetPassword(
  config: Config,
  account: { username: string; password?: string },
): Promise<void> {
  // No database there is a DATA_DIR set wrong: opening one would make a new, empty site.
  if (config.database.kind === "sqlite" && !existsSync(config.database.file)) {
    throw new ConfigError(
      `DATA_DIR ${config.dataDir}: there is no database here (${config.database.file} does not exist), so no account to reset. Set DATA_DIR to the server's data directory.`,
    );
  }
  const password = account.password ?? randomBytes(15).toString("base64url");
  await withAuth(config, (auth) => auth.resetPassword(account.username, password));
  console.log(`Password of '${account.username}' reset; its sessions have ended.`);
  if (!account.password) console.log(`password: ${password}\n(shown once: keep it safe)`);
}

/** The site's accounts, on its database migrated to this version, closed when `work` is done. */
async function withAuth(
  config: Config,
  work: (auth: ReturnType<typeof createServices>["auth"]) => Promise<unknown>,
): Promise<void> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    await work(createServices(database, await openMedia(config, database)).auth);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCli(process.argv.slice(2)).then((code) => process.exit(code));
}
