import { MESSAGES } from "@sawdust/shared";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { BillingRepo, SERIALISED_WAIT } from "./billing.repo.js";

/**
 * `serialised` runs tasks one at a time per key, across processes on PostgreSQL: a task waiting
 * for a key another process holds keeps nothing from tasks on other keys, and is refused once it
 * has waited past the bound.
 */
describe.skipIf(TEST_DB !== "postgres")("serialised tasks on PostgreSQL", () => {
  let app: TestApp;
  let repo: BillingRepo;
  /** Another process's connection, holding keys with session advisory locks. */
  let other: pg.Client;
  const hold = (key: string) =>
    other.query("select pg_advisory_lock(hashtextextended($1, 0))", [`sawdust.billing:${key}`]);
  const release = (key: string) =>
    other.query("select pg_advisory_unlock(hashtextextended($1, 0))", [`sawdust.billing:${key}`]);

  beforeAll(async () => {
    app = await createTestApp();
    repo = new BillingRepo(app.database.db, "postgres");
    other = new pg.Client({ connectionString: app.env.DATABASE_URL });
    await other.connect();
  }, 60_000);
  afterAll(async () => {
    await other.end();
    await app.close();
  });

  it("runs tasks on free keys while tasks on keys held elsewhere wait, then runs those", async () => {
    const held = ["image:40", "image:41", "image:42", "image:43", "edition_sale:7"];
    for (const key of held) await hold(key);
    const finished: string[] = [];
    const task = (key: string) =>
      repo.serialised(key, async () => {
        finished.push(key);
        return key;
      });
    // More waiting tasks than the process has slots for connections.
    const waiting = held.map(task);
    const free = ["image:44", "image:45", "edition_sale:8"].map(task);
    expect(await Promise.all(free)).toEqual(["image:44", "image:45", "edition_sale:8"]);
    expect(finished.filter((key) => held.includes(key))).toEqual([]);

    for (const key of held) await release(key);
    expect((await Promise.all(waiting)).sort()).toEqual([...held].sort());
  });

  it("refuses a task that waited past the bound, and the key is free for the next once let go", async () => {
    const bound = SERIALISED_WAIT.boundMs;
    SERIALISED_WAIT.boundMs = 300;
    try {
      await hold("image:50");
      await expect(repo.serialised("image:50", async () => "ran")).rejects.toMatchObject({
        status: 409,
        code: "still_in_progress",
        message: MESSAGES.stillInProgress,
      });
      await release("image:50");
      expect(await repo.serialised("image:50", async () => "ran")).toBe("ran");
    } finally {
      SERIALISED_WAIT.boundMs = bound;
    }
  });

  it("still runs one task at a time for a key within the process, in order", async () => {
    const order: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        repo.serialised("image:60", async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 2));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
