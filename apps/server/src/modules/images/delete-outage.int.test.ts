import { ZAdminImageBatchResult } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, signIn, upload } from "../../../test/images.js";
import { cutOffStorage } from "../../../test/out-of-reach.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let admin: { cookie: string; userId: number };
const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
const log = {
  warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
  error() {},
} as never;

beforeAll(async () => {
  app = await createTestApp({}, { log });
  admin = await signIn(app, "outage_admin", "admin");
});
afterAll(() => app.close());

async function uploaded(name: string, seed: number): Promise<number> {
  const res = await upload(app, admin.cookie, { name, data: await makePng(800, 800, { seed }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uploaded[0].id;
}
const filesOf = async (id: number) =>
  (await app.services.storage.list("")).filter((key) => key.split("/")[2] === String(id));
const rowOf = (id: number) =>
  app.database.db
    .selectFrom("images")
    .select(["id", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
const asAdmin = (url: string) =>
  app.server.inject({ method: "GET", url, headers: { cookie: admin.cookie } });

describe(`deleting images while the storage is out of reach on ${TEST_DB}`, () => {
  it("answers the deletion's success, logs the files left, and the janitor removes them once storage is back", async () => {
    const id = await uploaded("gone-while-down.png", 3);
    expect((await filesOf(id)).length).toBeGreaterThan(0);

    const restore = await cutOffStorage(app.services.storage, ["delete", "deletePrefix"]);
    let res: Awaited<ReturnType<typeof app.server.inject>>;
    try {
      res = await app.server.inject({
        method: "DELETE",
        url: `/api/v1/images/${id}`,
        headers: { cookie: admin.cookie },
      });
    } finally {
      restore();
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(warnings).toContainEqual({
      fields: expect.objectContaining({ imageId: id }),
      message: expect.stringContaining("janitor"),
    });
    // Deleted for everyone at once; the row (marked deleting) and the files wait for the janitor.
    expect((await asAdmin(`/api/v1/images/${id}`)).statusCode).toBe(404);
    expect(await rowOf(id)).toEqual({ id, status: "deleting" });
    expect((await filesOf(id)).length).toBeGreaterThan(0);
    // Asked again, it is the deletion that already happened.
    const again = await app.server.inject({
      method: "DELETE",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(404);

    expect(await app.services.ingest.recoverAbandoned()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect(await filesOf(id)).toEqual([]);
  });

  it("answers a batch deletion's results, logs the images whose files were left, and the janitor removes them", async () => {
    const ids = [await uploaded("batch-down-1.png", 4), await uploaded("batch-down-2.png", 5)];
    const restore = await cutOffStorage(app.services.storage, ["delete", "deletePrefix"]);
    let res: Awaited<ReturnType<typeof app.server.inject>>;
    try {
      res = await app.server.inject({
        method: "POST",
        url: "/api/v1/admin/images/batch",
        headers: { cookie: admin.cookie },
        payload: { selection: { ids }, operation: { type: "delete" } },
      });
    } finally {
      restore();
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(ZAdminImageBatchResult.parse(res.json())).toMatchObject({ succeeded: 2, failed: 0 });
    expect(warnings).toContainEqual({
      fields: expect.objectContaining({ imageIds: ids }),
      message: expect.stringContaining("janitor"),
    });
    for (const id of ids) {
      expect((await asAdmin(`/api/v1/images/${id}`)).statusCode).toBe(404);
      expect(await rowOf(id)).toEqual({ id, status: "deleting" });
    }

    await app.services.ingest.recoverAbandoned();
    for (const id of ids) {
      expect(await rowOf(id)).toBeUndefined();
      expect(await filesOf(id)).toEqual([]);
    }
  });
});
