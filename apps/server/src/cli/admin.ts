import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { migrateToLatest, openDatabase } from "../db/database.js";
import { AppError } from "../lib/errors.js";
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
    return runBackupCommand(command, command === "backup" ? values.to : values.from, env);
  }
  if (!values.username || (command === "create" && !values.email)) {
    console.error(`Missing ${values.username ? "--email" : "--username"}.\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig(env);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const { auth } = createServices(database, await openMedia(config, database));
    const password = values.password ?? randomBytes(15).toString("base64url");
    if (command === "create") {
      const made = await auth.upsertAdmin({
        username: values.username,
        email: values.email as string,
        password,
      });
      console.log(
        made.created
          ? `Administrator '${values.username}' is ready.`
          : `The account '${values.username}' already existed: it is an administrator now, with a new password (its sessions have ended). Its email stays ${made.email}.`,
      );
    } else {
      await auth.resetPassword(values.username, password);
      console.log(`Password of '${values.username}' reset; its sessions have ended.`);
    }
    if (!values.password) console.log(`password: ${password}\n(shown once: keep it safe)`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

async function runBackupCommand(
  command: "backup" | "restore",
  dir: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  if (!dir) {
    console.error(`Missing ${command === "backup" ? "--to" : "--from"} DIR.\n\n${USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(env);
    const folder = resolve(dir);
    if (command === "backup") await backup(config, folder, (line) => console.log(line));
    else await restore(config, folder, (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCli(process.argv.slice(2)).then((code) => process.exit(code));
}
