import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { migrateToLatest, openDatabase } from "../db/database.js";
import { AppError } from "../lib/errors.js";
import { createServices, openMedia } from "../services.js";

const USAGE = `Usage:
  npm run admin -- create --username NAME --email EMAIL [--password PASSWORD]
      Create an administrator (or make an existing account of that name one, with this password).
  npm run admin -- reset-password --username NAME [--password PASSWORD]
      Set a new password; the account's sessions end.
Without --password a strong password is generated and printed once.
It uses the same DATA_DIR / DATABASE_URL as the server.`;

/** The admin command line; returns the process exit code. */
export async function runAdminCli(argv: string[], env = process.env): Promise<number> {
  const [command, ...rest] = argv;
  let values: { username?: string; email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        username: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help || !command || !["create", "reset-password"].includes(command)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
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
      await auth.upsertAdmin({
        username: values.username,
        email: values.email as string,
        password,
      });
      console.log(`Administrator '${values.username}' is ready.`);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCli(process.argv.slice(2)).then((code) => process.exit(code));
}
