/**
 * bench/admin: the admin console against a long download history. A busy site's `download_events`
 * grows by one row for every download it ever counted; this measures what reads or writes them
 * all: the dashboard, the analytics of a range, deleting images. Two steps, so that two checkouts
 * can be measured on copies of the same database:
 *
 *   npx tsx bench/admin/history.ts seed --db DATA_DIR/sawdust.db [--events 3000000] [--spread]
 *   npx tsx bench/admin/history.ts seed-views --db DATA_DIR/sawdust.db [--per-day 10000] [--days 400]
 *   npx tsx bench/admin/history.ts measure --port N --password PW [--delete 14,13] [--batch 12,11,10]
 *
 * `seed` writes the events straight into a SQLite database (with the app stopped, or beside it:
 * WAL), over the last 400 days, every size in turn. Without `--spread` all but one in a thousand
 * go to the oldest image and the rest to the others in turn (an image with a few hundred
 * downloads among millions: what deleting one costs); with it, to every image in turn.
 * `seed-views` writes `image_view_days` the same way: on each of the last `--days` UTC days,
 * `--per-day` images viewed (the next ones in turn, wrapping), 1–5 views each.
 * `measure` signs in as `admin` on a running app and times five dashboards, the deletes (one
 * request an image, then one batch), and the 30-day and 12-month analytics, each with /healthz
 * asked meanwhile (its slowest answer: how long the analytics held other requests).
 */
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const SIZES = ["preview", "basic", "hd", "xlarge", "ultra"];
const DAY_MS = 86_400_000;

/** The database and its images' ids, oldest first (at least two: the app made the demo ones). */
function openWithImages(file: string): { db: Database.Database; ids: number[] } {
  const db = new Database(file);
  const ids = db
    .prepare("select id from images order by id")
    .all()
    .map((row) => (row as { id: number }).id);
  if (ids.length < 2)
    throw new Error(`${file} holds ${ids.length} images: start the app on it first`);
  return { db, ids };
}

function seed(file: string, events: number, spread: boolean): void {
  const { db, ids } = openWithImages(file);
  const [oldest, ...others] = ids as [number, ...number[]];
  const insert = db.prepare(
    "insert into download_events (image_id, user_id, size, bytes, month, created_at) values (?, null, ?, ?, ?, ?)",
  );
  const now = Date.now();
  const started = performance.now();
  db.transaction(() => {
    for (let i = 0; i < events; i++) {
      const at = now - Math.floor((i / events) * 400 * DAY_MS);
      const image = spread
        ? (ids[i % ids.length] as number)
        : i % 1000 === 0
          ? (others[(i / 1000) % others.length] as number)
          : oldest;
      const month = new Date(at).toISOString().slice(0, 7);
      insert.run(image, SIZES[i % SIZES.length], 100_000 + (i % 1000), month, at);
    }
  })();
  console.log(
    `${events} events into ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function seedViews(file: string, perDay: number, days: number): void {
  const { db, ids } = openWithImages(file);
  const insert = db.prepare(
    "insert into image_view_days (day, image_id, views) values (?, ?, ?) on conflict (day, image_id) do update set views = views + excluded.views",
  );
  const now = Date.now();
  const started = performance.now();
  let next = 0;
  db.transaction(() => {
    for (let d = 0; d < days; d++) {
      const day = new Date(now - d * DAY_MS).toISOString().slice(0, 10);
      for (let i = 0; i < perDay; i++) {
        insert.run(day, ids[next % ids.length], 1 + (next % 5));
        next += 1;
      }
    }
  })();
  console.log(
    `${perDay * days} view rows into ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function measure(port: number, password: string, deletes: number[], batch: number[]) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "admin", password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { cookie, origin: base };
  const timed = async (label: string, run: () => Promise<Response>) => {
    const started = performance.now();
    const res = await run();
    const body = await res.text();
    const ms = performance.now() - started;
    console.log(`${label}: ${res.status} ${ms.toFixed(0)} ms ${body.slice(0, 100)}`);
    return body;
  };
  for (let i = 0; i < 5; i++) {
    await timed("dashboard", () => fetch(`${base}/api/v1/admin/dashboard`, { headers }));
  }
  for (const id of deletes) {
    await timed(`delete ${id}`, () =>
      fetch(`${base}/api/v1/images/${id}`, { method: "DELETE", headers }),
    );
  }
  if (batch.length > 0) {
    await timed(`batch delete ${batch.join(",")}`, () =>
      fetch(`${base}/api/v1/admin/images/batch`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ selection: { ids: batch }, operation: { type: "delete" } }),
      }),
    );
  }
  for (const range of ["30d", "12m"]) {
    // Meanwhile a visitor asks for /healthz again and again: how long the slowest answer took
    // is how long the analytics held everyone else.
    let probing = true;
    const waits: number[] = [];
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await (await fetch(`${base}/healthz`)).text();
        waits.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await timed(`analytics ${range}`, () =>
      fetch(`${base}/api/v1/admin/analytics?range=${range}`, { headers }),
    );
    probing = false;
    await probe;
    console.log(
      `  /healthz meanwhile: ${waits.length} answers, slowest ${Math.max(...waits).toFixed(0)} ms`,
    );
  }
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    db: { type: "string" },
    events: { type: "string", default: "3000000" },
    spread: { type: "boolean", default: false },
    "per-day": { type: "string", default: "10000" },
    days: { type: "string", default: "400" },
    port: { type: "string" },
    password: { type: "string" },
    delete: { type: "string", default: "" },
    batch: { type: "string", default: "" },
  },
});
const ids = (text: string) => text.split(",").filter(Boolean).map(Number);
if (command === "seed" && values.db) {
  seed(values.db, Number(values.events), values.spread);
} else if (command === "seed-views" && values.db) {
  seedViews(values.db, Number(values["per-day"]), Number(values.days));
} else if (command === "measure" && values.port && values.password) {
  await measure(Number(values.port), values.password, ids(values.delete), ids(values.batch));
} else {
  console.error(
    "usage: history.ts seed --db FILE [--events N] [--spread] | seed-views --db FILE [--per-day N] [--days N] | measure --port N --password PW [--delete ids] [--batch ids]",
  );
  process.exit(2);
}
