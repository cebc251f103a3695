/**
 * Where the benchmark's catalogues live between runs, so a re-run does not seed again:
 *
 * - SQLite: one data directory per size, `$TMPDIR/sawdust-bench/api-{hash}-{public}-{private}/`;
 * - PostgreSQL: one cluster, `$TMPDIR/sawdust-bench/pg-{hash}/`, started for the run (fsync off)
 *   and stopped after it, with one database per size.
 *
 * `{hash}` covers what shapes the rows (catalogueHash); catalogues of another hash are removed
 * (1M images are several GB). What the server derives from the rows is rebuilt in place when its
 * code changes (derivedHash).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { cpuMsOf } from "../lib/processes.js";

const SERVER_SRC = fileURLToPath(new URL("../../apps/server/src/", import.meta.url));
const HERE = fileURLToPath(new URL("./", import.meta.url));
const REPO = fileURLToPath(new URL("../../", import.meta.url));

export const BENCH_ROOT = join(tmpdir(), "sawdust-bench");

/**
 * A short hash of what shapes a seeded catalogue's own rows: the maker, the analysis code it
 * calls, and the migrations' names (a change to how seed.ts lays rows out bumps the maker's
 * CATALOGUE_VERSION, which the catalogue's marker holds). A new migration does not change it: the
 * seed's `migrateToLatest` applies it to a cached catalogue, and derivedHash (which covers the
 * migrations' contents) rebuilds what the server derives. `BENCH_CATALOGUE_HASH` pins it.
 */
export async function catalogueHash(): Promise<string> {
  // Pinned by hand: a run reuses catalogues seeded before an edit that hashes differently but
  // leaves the rows as they were (renditions.ts is hashed whole for its size list).
  const pinned = process.env.BENCH_CATALOGUE_HASH;
  if (pinned) {
    if (!/^[0-9a-f]{12}$/.test(pinned)) throw new Error("BENCH_CATALOGUE_HASH: 12 hex digits");
    return pinned;
  }
  const hash = createHash("sha256");
  const files = [
    ...(await filesUnder(join(SERVER_SRC, "media", "analysis"))),
    join(SERVER_SRC, "media", "renditions.ts"),
    join(SERVER_SRC, "demo", "artworks.ts"),
    join(HERE, "catalogue.ts"),
    join(HERE, "vocabulary.ts"),
  ].sort();
  for (const file of files) {
    hash.update(relative(REPO, file));
    if (existsSync(file)) hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * A short hash of what the server derives from those rows (the migrations' contents, its rebuild
 * of derived values, the list projection, derived.ts): when it changes, a cached catalogue keeps
 * its rows and has its derived values rebuilt (seed.ts), minutes instead of a reseed.
 */
export async function derivedHash(): Promise<string> {
  const hash = createHash("sha256");
  const files = [
    ...(await filesUnder(join(SERVER_SRC, "db", "migrations"))),
    join(SERVER_SRC, "db", "catalogue-derived.ts"),
    join(SERVER_SRC, "modules", "images", "list-analysis.ts"),
    join(REPO, "packages", "shared", "src", "schemas", "images.ts"),
    join(HERE, "derived.ts"),
  ].sort();
  for (const file of files) {
    hash.update(relative(REPO, file));
    if (existsSync(file)) hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 12);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.includes(".test."))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * A cached SQLite catalogue's folder. Folders of this bench with another hash are removed; other
 * sizes with the same hash are kept (the bench runs two sizes side by side).
 */
export async function cachedSqliteDir(
  hash: string,
  publicImages: number,
  privateImages: number,
  log: (message: string) => void,
): Promise<string> {
  const name = `api-${hash}-${publicImages}-${privateImages}`;
  await mkdir(BENCH_ROOT, { recursive: true });
  for (const entry of await readdir(BENCH_ROOT)) {
    const match = /^api-([0-9a-f]{12})-\d+-\d+$/.exec(entry);
    if (match && match[1] !== hash && !(await recentlyWritten(join(BENCH_ROOT, entry)))) {
      log(`removing an outdated catalogue: ${entry}`);
      await rm(join(BENCH_ROOT, entry), { recursive: true, force: true });
    }
  }
  return join(BENCH_ROOT, name);
}

/**
 * Whether anything in a catalogue's folder changed in the last hour: another run (another
 * checkout's code, so another hash) may be seeding or reading it, so it is left alone.
 */
async function recentlyWritten(dir: string): Promise<boolean> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info && info.mtimeMs > hourAgo) return true;
  }
  return false;
}

export interface BenchPostgres {
  version: string;
  /** The URL of this size's database (created when missing). */
  databaseUrl(name: string): Promise<string>;
  /** Drops a database (a seed that stopped half-way). */
  dropDatabase(name: string): Promise<void>;
  /**
   * CPU time so far of the cluster's processes (the postmaster and its children: the backends
   * of the app's pool, the background writers), ms: the database's share of a response, which
   * the app process's own CPU time does not include.
   */
  cpuMs(): Promise<number>;
  stop(): void;
}

/**
 * The bench's own PostgreSQL cluster, kept between runs in `pg-{hash}` (made with initdb when
 * missing; clusters of another hash are removed), started on `port` for this run.
 */
export async function startBenchPostgres(
  hash: string,
  port: number,
  log: (message: string) => void,
): Promise<BenchPostgres> {
  const bin = pgBinDir();
  const isRoot = process.getuid?.() === 0;
  // initdb and postgres refuse to run as root: run the cluster as the postgres system user.
  const asUser = isRoot ? ["runuser", "-u", "postgres", "--"] : [];
  const exec = (cmd: string, args: string[], allowFailure = false) => {
    const [program, ...rest] = [...asUser, join(bin, cmd), ...args];
    const result = spawnSync(program as string, rest, { encoding: "utf8" });
    if (result.status !== 0 && !allowFailure) {
      throw new Error(`${cmd} failed: ${result.stderr || result.stdout || result.error?.message}`);
    }
    return result.stdout ?? "";
  };
  await mkdir(BENCH_ROOT, { recursive: true });
  for (const entry of await readdir(BENCH_ROOT)) {
    const match = /^pg-([0-9a-f]{12})$/.exec(entry);
    if (match && match[1] !== hash && !(await recentlyWritten(join(BENCH_ROOT, entry)))) {
      log(`removing an outdated PostgreSQL catalogue: ${entry}`);
      exec("pg_ctl", ["-D", join(BENCH_ROOT, entry, "data"), "-m", "immediate", "stop"], true);
      await rm(join(BENCH_ROOT, entry), { recursive: true, force: true });
    }
  }
  const dir = join(BENCH_ROOT, `pg-${hash}`);
  const data = join(dir, "data");
  if (!existsSync(join(data, "PG_VERSION"))) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    chmodSync(dir, 0o700);
    if (isRoot) {
      const { uid, gid } = idsOf("postgres");
      chownSync(dir, uid, gid);
    }
    exec("initdb", ["-D", data, "-U", "sawdust", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
    log(`PostgreSQL cluster made in ${dir}`);
  } else {
    // A run that was killed may have left it running.
    exec("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"], true);
  }
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
    "-c shared_buffers=1GB",
    "-c maintenance_work_mem=512MB",
    "-c max_wal_size=8GB",
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
    "120",
    "start",
  ]);
  const version = exec("postgres", ["--version"]).trim();
  const admin = `postgres://sawdust@127.0.0.1:${port}/postgres`;
  const withAdmin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  let stopped = false;
  const postmaster = Number((await readFile(join(data, "postmaster.pid"), "utf8")).split("\n")[0]);
  return {
    version,
    async cpuMs() {
      const children = await readFile(`/proc/${postmaster}/task/${postmaster}/children`, "utf8")
        .then((text) => text.trim().split(/\s+/).filter(Boolean).map(Number))
        .catch(() => [] as number[]);
      let total = 0;
      total += await cpuMsOf(postmaster, true);
      for (const pid of children) total += await cpuMsOf(pid).catch(() => 0);
      return total;
    },
    async databaseUrl(name) {
      await withAdmin(async (client) => {
        const found = await client.query("select 1 from pg_database where datname = $1", [name]);
        if (found.rowCount === 0) await client.query(`create database "${name}"`);
      });
      return `postgres://sawdust@127.0.0.1:${port}/${name}`;
    },
    async dropDatabase(name) {
      await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
    stop() {
      if (stopped) return;
      stopped = true;
      exec("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"], true);
    },
  };
}

function pgBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? spawnSync("ls", [base], { encoding: "utf8" })
        .stdout.split("\n")
        .filter((v) => existsSync(join(base, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("PostgreSQL server binaries are missing (PG_BIN_DIR)");
  return join(base, versions[0], "bin");
}

function idsOf(user: string): { uid: number; gid: number } {
  const uid = Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
    throw new Error(`No '${user}' system user to run PostgreSQL as (initdb refuses root)`);
  }
  return { uid, gid };
}
