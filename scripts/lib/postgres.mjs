import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The newest PostgreSQL server binaries Debian installed under /usr/lib/postgresql. */
function findBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts a private PostgreSQL cluster in a temporary folder, on a free loopback port, with
 * durability off (it is thrown away). Returns its URL and a stop() that removes it.
 * TEST_DATABASE_URL, when set, is used instead (and left alone).
 */
export async function startThrowawayPostgres() {
  if (process.env.TEST_DATABASE_URL) {
    return { url: process.env.TEST_DATABASE_URL, port: "(given)", version: "external", stop() {} };
  }
  const bin = findBinDir();
  if (!bin) {
    throw new Error(
      "PostgreSQL server binaries are missing (looked in /usr/lib/postgresql/*/bin). Install them (Debian: sudo apt-get install -y postgresql) or set TEST_DATABASE_URL to a server you run.",
    );
  }
  const isRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres system user instead.
  const asUser = isRoot ? ["runuser", "-u", "postgres", "--"] : [];
  const dir = mkdtempSync(join(tmpdir(), "sawdust-pg-"));
  chmodSync(dir, 0o700);
  if (isRoot) {
    const { uid, gid } = idsOf("postgres");
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const exec = (cmd, args) => {
    const [program, ...rest] = [...asUser, join(bin, cmd), ...args];
    const result = spawnSync(program, rest, { encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`${cmd} failed: ${result.stderr || result.stdout || result.error?.message}`);
    }
    return result.stdout;
  };

  exec("initdb", ["-D", data, "-U", "sawdust", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  exec("pg_ctl", [
    "-D",
    data,
    "-o",
    options,
    "-l",
    join(dir, "server.log"),
    "-w",
    "-t",
    "60",
    "start",
  ]);
  const version = exec("postgres", ["--version"]).trim();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      exec("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    } catch (error) {
      console.error(String(error));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }
  return { url: `postgres://sawdust@127.0.0.1:${port}/postgres`, port, version, stop };
}

function idsOf(user) {
  const uid = Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(`No '${user}' system user to run PostgreSQL as (initdb refuses root)`);
  }
  return { uid, gid };
}
