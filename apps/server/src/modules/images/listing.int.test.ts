import { ZImage } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  inventory,
  makePng,
  seedImage,
  setImageColumns,
  signIn,
  upload,
} from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";

let app: TestApp;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "lister", "admin");
});
afterAll(() => app.close());

const list = async (query: string, cookie?: string) => {
  const res = await app.server.inject({
    method: "GET",
    url: `/api/v1/images?${query}`,
    headers: cookie ? { cookie } : {},
  });
  return res;
};
const ids = async (query: string, cookie?: string) =>
  ((await list(query, cookie)).json().images as Array<{ id: number }>)
    .map((i) => i.id)
    .sort((a, b) => a - b);

describe(`listing filters on ${TEST_DB}`, () => {
  let a: number;
  let b: number;
  let c: number;
  let hidden: number;
  beforeAll(async () => {
    a = await seedImage(app, {
      tags: ["sunset", "ocean"],
      styles: ["watercolor"],
      colors: ["red"],
      editionType: "one_of_one",
    });
    b = await seedImage(app, {
      tags: ["sunset", "city"],
      styles: ["digital art"],
      colors: ["blue"],
      editionType: "open_edition",
    });
    c = await seedImage(app, {
      tags: ["forest"],
      styles: ["watercolor"],
      colors: ["green"],
      editionType: "limited_edition",
    });
    hidden = await seedImage(app, { tags: ["sunset"], isPublic: false });
  });

  it("combines filters: any value within one, all filters together", async () => {
    expect(await ids("tag=sunset")).toEqual([a, b]);
    expect(await ids("tag=sunset,forest")).toEqual([a, b, c]);
    expect(await ids("tag=sunset&style=watercolor")).toEqual([a]);
    expect(await ids("style=watercolor&editionType=one_of_one,limited_edition")).toEqual([a, c]);
    expect(await ids("tag=sunset&color=%23BLUE".replace("%23BLUE", "blue"))).toEqual([b]);
    expect(await ids("tag=nothing-like-this")).toEqual([]);
  });

  it("normalises filters as the spec says: slug tags, lower-case styles, colour without #", async () => {
    expect(await ids("tag=%23Sunset!")).toEqual([a, b]);
    expect(await ids("style=%20WaterColor%20")).toEqual([a, c]);
    expect(await ids("color=%23red")).toEqual([a]);
  });

  it("counts the filtered set in stats.totalImages, across pages", async () => {
    const res = (await list("tag=sunset,forest&limit=1")).json();
    expect(res.images).toHaveLength(1);
    expect(res.stats.totalImages).toBe(3);
    expect(res.nextCursor).toEqual(expect.any(String));
  });

  it("shows private images to admins only, and only admins choose visibility", async () => {
    expect(await ids("tag=sunset&visibility=all")).toEqual([a, b]);
    expect(await ids("tag=sunset&visibility=private")).toEqual([a, b]);
    expect(await ids("tag=sunset&visibility=private", admin.cookie)).toEqual([hidden]);
    expect(await ids("tag=sunset", admin.cookie)).toEqual([a, b, hidden]);
    const get = (cookie?: string) =>
      app.server.inject({
        method: "GET",
        url: `/api/v1/images/${hidden}`,
        headers: cookie ? { cookie } : {},
      });
    expect((await get()).statusCode).toBe(404);
    expect((await get(admin.cookie)).statusCode).toBe(200);
  });

  it.each([
    ["limit=0", "limit must be between 1 and 100"],
    ["limit=101", "limit must be between 1 and 100"],
    ["limit=ten", "limit must be a number"],
    ["cursor=garbage", "The cursor is not valid: start again without one"],
    ["visibility=secret", "visibility must be public, private or all"],
    [
      "editionType=rare",
      "editionType must be among: sawdust_gallery, one_of_one, open_edition, limited_edition",
    ],
    // A misspelt filter is refused, not dropped: it would answer with the whole unfiltered list.
    [
      "tags=sunset",
      "Unknown parameter tags: the image list takes visibility, limit, cursor, q, tag, style, color, editionType and availability",
    ],
    [
      "tag=sunset&edition_type=one_of_one&utm_source=x",
      "Unknown parameter edition_type, utm_source: the image list takes visibility, limit, cursor, q, tag, style, color, editionType and availability",
    ],
  ])("refuses %s with a clear 400", async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe(`paging on ${TEST_DB}`, () => {
  it("never repeats or skips an image while new ones arrive between pages", async () => {
    const tag = "paging-run";
    const original = new Set<number>();
    for (let i = 0; i < 45; i++) original.add(await seedImage(app, { tags: [tag] }));
    const seen: number[] = [];
    let cursor = "0";
    for (let page = 0; page < 20; page++) {
      const body = (await list(`tag=${tag}&limit=10&cursor=${cursor}`)).json();
      seen.push(...body.images.map((i: { id: number }) => i.id));
      // Someone uploads while the visitor scrolls.
      await seedImage(app, { tags: [tag] });
      await seedImage(app, { tags: [tag] });
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(original);
    expect(seen).toEqual([...seen].sort((x, y) => y - x)); // Newest first.
  });
});

describe(`editing on ${TEST_DB}`, () => {
  it("updates title, description, tags and style; the new tag filters; edits are recorded as the admin's", async () => {
    const id = await seedImage(app, { tags: ["old"] });
    const res = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: {
        aiAnalysis: { title: "  Night Garden ", description: "Moonlit flowers" },
        tags: ["Moon Light", "#Flowers", "moon light"],
        style: "Oil Painting, Impressionism",
        editionType: "open_edition",
        price: 1999,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      aiAnalysis: { title: "Night Garden", description: "Moonlit flowers" },
      tags: ["moon-light", "flowers"],
      style: "oil painting, impressionism",
      editionType: "open_edition",
      price: 1999,
    });
    expect(res.json().aiAnalysis.fieldSources).toMatchObject({
      title: "admin",
      tags: "admin",
      style: "admin",
    });
    expect(await ids("tag=moon-light")).toEqual([id]);
    expect(await ids("tag=old")).not.toContain(id);
    expect(await ids("style=impressionism")).toEqual([id]);
  });

  it("keeps both of two admins' edits of different fields made at once as the admin's", async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => seedImage(app)));
    const edit = (id: number, payload: object) =>
      app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}`,
        headers: { cookie: admin.cookie },
        payload,
      });
    const answers = await Promise.all(
      ids.flatMap((id) => [
        edit(id, { aiAnalysis: { title: `Admin title ${id}` } }),
        edit(id, { tags: ["admins-tag"] }),
      ]),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    for (const id of ids) {
      const detail = await app.server.inject({
        method: "GET",
        url: `/api/v1/images/${id}`,
        headers: { cookie: admin.cookie },
      });
      expect(detail.json().aiAnalysis.fieldSources, `image ${id}`).toMatchObject({
        title: "admin",
        tags: "admin",
      });
    }
  });

  it("drops the price when an image becomes a gallery edition, and refuses bad bodies", async () => {
    const id = await seedImage(app, { editionType: "one_of_one" });
    const patch = (payload: object, cookie = admin.cookie) =>
      app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}`,
        headers: { cookie },
        payload,
      });
    await patch({ price: 5000 });
    expect((await patch({ editionType: "sawdust_gallery" })).json().price).toBeNull();
    expect((await patch({ price: -1 })).json().message).toBe("price must be at least 0");
    expect((await patch({ price: 10.5 })).json().message).toBe("price must be whole cents");
    expect((await patch({ editionType: "rare" })).statusCode).toBe(400);
    const member = await signIn(app, "editor_wannabe");
    expect((await patch({ tags: ["x"] }, member.cookie)).statusCode).toBe(403);
    expect(
      (
        await app.server.inject({
          method: "PATCH",
          url: "/api/v1/images/999999",
          headers: { cookie: admin.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it("toggles visibility", async () => {
    const id = await seedImage(app, { tags: ["toggle-me"] });
    const set = (isPublic: unknown) =>
      app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}/visibility`,
        headers: { cookie: admin.cookie },
        payload: { isPublic },
      });
    expect((await set(false)).json().isPublic).toBe(false);
    expect(await ids("tag=toggle-me")).toEqual([]);
    expect((await set(true)).json().isPublic).toBe(true);
    expect(await ids("tag=toggle-me")).toEqual([id]);
    expect((await set("yes")).json().message).toBe("isPublic must be true or false");
  });

  it("deletes an image with its files, renditions, facets and jobs", async () => {
    const before = await inventory(app);
    const res = await upload(app, admin.cookie, {
      name: "doomed.png",
      data: await makePng(800, 800),
    });
    const id = res.json().uploaded[0].id;
    expect((await app.services.storage.list(`public/images/${id}`)).length).toBeGreaterThan(0);
    const del = await app.server.inject({
      method: "DELETE",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect(await inventory(app)).toEqual(before);
    expect(
      (await app.server.inject({ method: "GET", url: `/api/v1/images/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await app.server.inject({
          method: "DELETE",
          url: `/api/v1/images/${id}`,
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe(`list entries on ${TEST_DB}`, () => {
  it("carry the analysis' display fields but not its generation metadata, which the detail keeps", async () => {
    const id = await seedImage(app, { title: "Workflow Heavy", tags: ["compact-check"] });
    const workflow = {
      nodes: Array.from({ length: 400 }, (_, i) => ({
        id: i,
        type: "KSampler",
        widgets: ["x".repeat(80)],
      })),
    };
    const analysis = {
      colorScheme: { primary: "#112233" },
      palette: [{ hex: "112233", share: 0.7, name: "blue" }],
      colorThemes: ["dark"],
      orientation: "square",
      aspectRatio: 1,
      generation: {
        source: "comfyui",
        prompt: "a castle",
        raw: { workflow: JSON.stringify(workflow) },
      },
      fieldSources: { title: "prompt" },
      contentRating: { model: "m", scores: {}, nsfw: 0, rating: "safe", sensitive: false },
    };
    await setImageColumns(app, id, { ai_analysis: JSON.stringify(analysis) });

    const listed = await list("tag=compact-check");
    const entry = listed.json().images[0];
    expect(entry.aiAnalysis).toEqual({
      title: "Workflow Heavy",
      description: null,
      colorScheme: { primary: "#112233" },
      palette: [{ hex: "112233", share: 0.7, name: "blue" }],
      colorThemes: ["dark"],
      orientation: "square",
      aspectRatio: 1,
    });
    expect(listed.body.length).toBeLessThan(5_000);

    // The generation details are a Pro perk (issue 14): an admin's detail carries them.
    const detail = (
      await app.server.inject({
        method: "GET",
        url: `/api/v1/images/${id}`,
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(detail.aiAnalysis.generation).toMatchObject({ source: "comfyui", prompt: "a castle" });
    expect(detail.aiAnalysis.fieldSources).toEqual({ title: "prompt" });
    expect(ZImage.safeParse(entry).success).toBe(true);
    expect(ZImage.safeParse(detail).success).toBe(true);
  });
});

describe(`rare and common filters on ${TEST_DB}`, () => {
  // A rare tag's page is read from its facet rows, a common one's by walking the catalogue
  // (images.service.ts isSelective): both must page through exactly their images.
  const walk = async (query: string) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`${query}&limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      const body = res.json() as { images: Array<{ id: number }>; nextCursor: string | null };
      seen.push(...body.images.map((i) => i.id));
      cursor = body.nextCursor;
    } while (cursor);
    return seen;
  };

  it("pages through a rare and a common tag alike, newest first, and counts them", async () => {
    const common: number[] = [];
    const rare: number[] = [];
    for (let i = 0; i < 30; i++) {
      const tags = i % 11 === 3 ? ["strategy-common", "strategy-rare"] : ["strategy-common"];
      const id = await seedImage(app, { tags });
      common.push(id);
      if (tags.length === 2) rare.push(id);
    }
    expect(await walk("tag=strategy-rare")).toEqual([...rare].reverse());
    expect(await walk("tag=strategy-common")).toEqual([...common].reverse());
    expect((await list("tag=strategy-rare")).json().stats.totalImages).toBe(rare.length);
    expect((await list("tag=strategy-common")).json().stats.totalImages).toBe(30);
  });

  it("counts an admin's tag change at once", async () => {
    const id = await seedImage(app, { tags: ["before-edit"] });
    expect((await list("tag=after-edit")).json().stats.totalImages).toBe(0);
    const patched = await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${id}`,
      headers: { cookie: admin.cookie },
      payload: { tags: ["after-edit"] },
    });
    expect(patched.statusCode).toBe(200);
    expect((await list("tag=after-edit")).json().stats.totalImages).toBe(1);
  });
});

describe(`repeated list requests on ${TEST_DB}`, () => {
  it("answers a visitor's URL asked a moment ago without working out its query again", async () => {
    const id = await seedImage(app, { tags: ["asked-again"], title: "Asked again" });
    const url = "tag=Asked-Again&limit=5";
    const first = await list(url);
    expect(first.json().images.map((i: { id: number }) => i.id)).toEqual([id]);

    // The query worked out: a visitor's page key, or a page made for its viewer.
    const keyed = vi.spyOn(app.services.catalogue, "sharedPageKey");
    const made = vi.spyOn(app.services.catalogue, "listJson");
    const worked = { calls: () => keyed.mock.calls.length + made.mock.calls.length };
    try {
      const again = await list(url);
      expect(again.statusCode).toBe(200);
      expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(again.body).toBe(first.body);
      expect(worked.calls()).toBe(0);

      // A spelling not seen yet goes the long way, to the same page.
      expect((await list("tag=asked-again&limit=5")).body).toBe(first.body);
      expect(worked.calls()).toBe(1);

      // Admins' pages are their own.
      const adminPage = await list(url, admin.cookie);
      expect(adminPage.statusCode).toBe(200);
      expect(worked.calls()).toBe(2);

      // A change made here is seen at once, by the same URL too.
      const hidden = await app.server.inject({
        method: "PATCH",
        url: `/api/v1/images/${id}/visibility`,
        headers: { cookie: admin.cookie },
        payload: { isPublic: false },
      });
      expect(hidden.statusCode).toBe(200);
      expect((await list(url)).json().images).toEqual([]);
    } finally {
      keyed.mockRestore();
      made.mockRestore();
    }
  });

  it("never keeps a refused query", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await list("limit=0");
      expect(res.statusCode).toBe(400);
    }
  });
});

describe(`list pages as HTTP caches see them on ${TEST_DB}`, () => {
  it("gives visitors' pages an ETag and a short public lifetime, and answers a revalidation with 304", async () => {
    await seedImage(app, { tags: ["cacheable"] });
    const first = await list("tag=cacheable");
    expect(first.headers["cache-control"]).toBe("public, max-age=5");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.server.inject({
      method: "GET",
      url: "/api/v1/images?tag=cacheable",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // A signed-in member's copy is theirs alone; admins' and Pro pages are never kept.
    const member = await signIn(app, "cache_member");
    const asMember = await list("tag=cacheable", member.cookie);
    expect(asMember.headers["cache-control"]).toBe("private, no-cache");
    expect(asMember.headers.etag).toBe(etag);
    expect((await list("tag=cacheable", admin.cookie)).headers["cache-control"]).toBe(
      "private, no-store",
    );
  });
});
