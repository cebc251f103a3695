import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let newestSunset: number;
beforeAll(async () => {
  app = await createTestApp();
  for (let i = 0; i < 3; i++) await seedImage(app, { tags: ["sunset", "ocean"] });
  newestSunset = await seedImage(app, { tags: ["sunset"] });
  await seedImage(app, { tags: ["forest"] });
  for (let i = 0; i < 5; i++) await seedImage(app, { tags: ["secret"], isPublic: false });
  for (let i = 0; i < 9; i++) await seedImage(app, { tags: [`rare-${i}`] });
});
afterAll(() => app.close());

describe(`tags on ${TEST_DB}`, () => {
  it("counts the public catalogue's tags, most used first, private images left out", async () => {
    const res = await app.server.inject({ method: "GET", url: "/api/v1/tags" });
    expect(res.statusCode).toBe(200);
    const tags = res.json() as Array<{ tag: string; count: number }>;
    expect(tags.slice(0, 3)).toEqual([
      { tag: "sunset", count: 4 },
      { tag: "ocean", count: 3 },
      { tag: "forest", count: 1 },
    ]);
    expect(tags.map((t) => t.tag)).not.toContain("secret");
    expect(tags).toHaveLength(12);
  });

  it("features the top tags with their newest image, and lists the rest", async () => {
    // Every real upload has private sizes too, which never become public links.
    await app.database.db
      .insertInto("renditions")
      .values({
        image_id: newestSunset,
        size: "hd",
        storage_key: `private/images/${newestSunset}/hd-0000000000000000.webp`,
        width: 1920,
        height: 1920,
        bytes: 1,
        upscaled: 0,
        created_at: Date.now(),
      })
      .execute();
    const res = await app.server.inject({ method: "GET", url: "/api/v1/explore/tags" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.featured).toHaveLength(8);
    expect(body.featured[0]).toMatchObject({
      tag: "sunset",
      count: 4,
      sampleImage: {
        id: newestSunset,
        urlThumb: expect.stringMatching(/^\/media\/images\/\d+\/thumb-/),
        urlSmall: expect.stringMatching(/^\/media\/images\/\d+\/small-/),
      },
    });
    expect(body.other).toHaveLength(4);
    const all = [...body.featured, ...body.other].map((t: { tag: string }) => t.tag);
    expect(new Set(all).size).toBe(12);
  });
});

describe(`counts that match their links on ${TEST_DB}`, () => {
  it("counts a tag as the gallery it links to lists it (other edition types left out)", async () => {
    for (let i = 0; i < 2; i++) await seedImage(app, { tags: ["navy"] });
    for (const editionType of ["one_of_one", "open_edition", "open_edition"])
      await seedImage(app, { tags: ["navy"], editionType });
    const tags = (await app.server.inject({ method: "GET", url: "/api/v1/tags" })).json();
    const navy = tags.find((t: { tag: string }) => t.tag === "navy");
    const gallery = (
      await app.server.inject({
        method: "GET",
        url: "/api/v1/images?visibility=public&limit=20&editionType=sawdust_gallery&tag=navy",
      })
    ).json();
    expect(navy.count).toBe(2);
    expect(gallery.stats.totalImages).toBe(navy.count);
    const explore = (
      await app.server.inject({ method: "GET", url: "/api/v1/explore/tags" })
    ).json();
    const all = [...explore.featured, ...explore.other];
    expect(all.find((t: { tag: string }) => t.tag === "navy").count).toBe(2);
  });
});

describe(`explore's featured cards on ${TEST_DB}`, () => {
  it("gives no two cards the same picture while a tag has another one", async () => {
    const dusk = await seedImage(app, { tags: ["dusk"] });
    await seedImage(app, { tags: ["dawn"] });
    // The newest image of both tags: one card shows it, the other its own next newest.
    const both = await seedImage(app, { tags: ["dawn", "dusk"] });
    await seedImage(app, { tags: ["dawn", "dusk"], isPublic: false });
    const explore = (
      await app.server.inject({ method: "GET", url: "/api/v1/explore/tags" })
    ).json();
    const sampleOf = (tag: string) =>
      explore.featured.find((t: { tag: string }) => t.tag === tag)?.sampleImage.id;
    expect(sampleOf("dawn")).toBe(both);
    expect(sampleOf("dusk")).toBe(dusk);
    const ids = explore.featured.map((t: { sampleImage: { id: number } }) => t.sampleImage.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
