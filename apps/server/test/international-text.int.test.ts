import { MESSAGES } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng, seedImage, signIn, uploadPublished } from "./images.js";
import { createTestApp, TEST_DB, type TestApp } from "./test-app.js";

const PUBLIC_URL = "https://art.example.com";
let app: TestApp;
let admin: { cookie: string; userId: number };

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL });
  admin = await signIn(app, "intl_admin", "admin");
});
afterAll(() => app.close());

const get = (url: string) => app.server.inject({ method: "GET", url });
const patchImage = (id: number, payload: object) =>
  app.server.inject({
    method: "PATCH",
    url: `/api/v1/images/${id}`,
    headers: { cookie: admin.cookie },
    payload,
  });
const listed = async (query: string) =>
  ((await get(`/api/v1/images?${query}`)).json().images as Array<{ id: number }>).map((i) => i.id);

describe(`tags in any script make one reachable tag on ${TEST_DB}`, () => {
  it("lower-cases the Turkish dotted İ into the same tag as a plain i", async () => {
    const id = await seedImage(app);
    const res = await patchImage(id, { tags: ["İzmir", "istanbul", "İSTANBUL"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tags).toEqual(["izmir", "istanbul"]);
    for (const tag of ["izmir", "İzmir", "IZMIR", "istanbul", "İSTANBUL"]) {
      expect(await listed(`tag=${encodeURIComponent(tag)}`), tag).toEqual([id]);
    }
    const tags = (await get("/api/v1/tags")).json() as Array<{ tag: string; count: number }>;
    expect(tags.filter((t) => /zmir|stanbul/.test(t.tag))).toEqual([
      { tag: "istanbul", count: 1 },
      { tag: "izmir", count: 1 },
    ]);
  });

  it("leaves no invisible variation selector of an emoji in a tag, its filter or the sitemap", async () => {
    const id = await seedImage(app);
    const res = await patchImage(id, { tags: ["🏳️‍🌈pride", "❤️", "👍🏽 thumbs"] });
    expect(res.json().tags).toEqual(["pride", "thumbs"]);
    expect(await listed("tag=pride")).toEqual([id]);
    expect(await listed(`tag=${encodeURIComponent("🏳️‍🌈pride")}`)).toEqual([id]);
    await app.services.events.emit({ type: "image.updated", imageId: id });
    const index = (await get("/sitemap.xml")).body;
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    const pages = await Promise.all(files.map((file) => get(new URL(file).pathname)));
    const locs = pages.flatMap((page) =>
      [...page.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    );
    expect(locs).toContain(`${PUBLIC_URL}/tag/pride`);
    expect(locs.filter((loc) => loc?.includes("%EF%B8%8F"))).toEqual([]);
  });
});

describe(`an image's title and description as pages show them on ${TEST_DB}`, () => {
  it("stores an admin's title composed and without bidi controls, as the page's <title> shows it", async () => {
    const id = await seedImage(app, { title: "Before" });
    const res = await patchImage(id, {
      aiAnalysis: {
        title: " \u202eCafe\u0301 noir\u202c ",
        description: "A \u2067quiet\u2069 night",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aiAnalysis).toMatchObject({
      title: "Café noir",
      description: "A quiet night",
    });
    const stored = await app.database.db
      .selectFrom("images")
      .select(["title", "description"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: "Café noir", description: "A quiet night" });
    const page = await app.server.inject({
      method: "GET",
      url: `/image/${id}`,
      headers: { accept: "text/html" },
    });
    expect(page.body).toContain("<title>Café noir · Sawdust</title>");
    expect(page.body).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("names a download after the title's words, without an emoji's invisible leftovers", async () => {
    const uploaded = await uploadPublished(app, admin.cookie, {
      name: "family.png",
      data: await makePng(800, 1000),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().uploaded[0].id as number;
    const titled = await patchImage(id, {
      aiAnalysis: { title: "👨‍👩‍👧‍👦 Family 🇯🇵🇺🇦 🏳️‍🌈 flags" },
    });
    expect(titled.json().aiAnalysis.title).toBe("👨‍👩‍👧‍👦 Family 🇯🇵🇺🇦 🏳️‍🌈 flags");
    const res = await get(`/api/v1/images/${id}/download?size=preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain('filename="family-flags-preview.webp"');
  }, 60_000);
});

describe(`text that could reverse or break what others see, on ${TEST_DB} (round 40)`, () => {
  const send = (method: "PUT" | "POST" | "PATCH", url: string, cookie: string, payload: object) =>
    app.server.inject({ method, url, headers: { cookie }, payload });

  it("keeps no override in the site name, a style, a report's note, a specialty or a social link", async () => {
    const settings = (
      await app.server.inject({ url: "/api/v1/admin/settings", headers: { cookie: admin.cookie } })
    ).json();
    const named = await send("PUT", "/api/v1/admin/settings", admin.cookie, {
      ...settings,
      siteName: "\u202eTsudwaS",
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().siteName).toBe("TsudwaS");
    const page = await app.server.inject({ url: "/gallery", headers: { accept: "text/html" } });
    expect(page.body).toContain("<title>Gallery · TsudwaS</title>");
    expect(page.body).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    await send("PUT", "/api/v1/admin/settings", admin.cookie, settings);

    const id = await seedImage(app, { title: "Chips" });
    const styled = await patchImage(id, { style: "\u202eoil, watercolour" });
    expect(styled.statusCode, styled.body).toBe(200);
    expect(styled.json().style).toBe("oil, watercolour");

    const member = await signIn(app, "intl_reporter");
    const reported = await send("POST", `/api/v1/images/${id}/reports`, member.cookie, {
      reason: "spam",
      note: "\u202eNIMDA\u202c says hi",
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const queue = await app.server.inject({
      url: "/api/v1/admin/moderation",
      headers: { cookie: admin.cookie },
    });
    expect(JSON.stringify(queue.json())).toContain("NIMDA says hi");
    expect(JSON.stringify(queue.json())).not.toContain("\\u202e");

    const profile = await send("PATCH", "/api/v1/profile", member.cookie, {
      specialties: ["\u202egnp.exe"],
      socialLinks: { twitter: "\u202emallory" },
      bio: "I \u202epaint\u202c at night",
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      specialties: ["gnp.exe"],
      socialLinks: { twitter: "mallory" },
      bio: "I paint at night",
    });

    // The hero, over every visitor's gallery (round 41).
    const hero = await send("PUT", "/api/v1/hero-content", admin.cookie, {
      title: "Discover \u202etra <em>new</em>",
      subtitle: "x\u202ey",
      isVisible: true,
    });
    expect(hero.statusCode, hero.body).toBe(200);
    expect(JSON.stringify(hero.json())).not.toMatch(/\\u202e|\u202e/);
  });

  it("refuses a line break or a control character in a one-line text, naming it", async () => {
    const id = await seedImage(app, { title: "One line" });
    const member = await signIn(app, "intl_oneline");
    const settings = (
      await app.server.inject({ url: "/api/v1/admin/settings", headers: { cookie: admin.cookie } })
    ).json();
    const cases: Array<[string, () => ReturnType<typeof send>, string]> = [
      [
        "title",
        () => patchImage(id, { aiAnalysis: { title: 'Line1\r\nX-Evil: 1"' } }),
        MESSAGES.validation.oneLine("A title"),
      ],
      ...["\u0007", "\u0085", "\u2028", "\t"].map(
        (control) =>
          [
            `title with U+${control.codePointAt(0)?.toString(16)}`,
            () => patchImage(id, { aiAnalysis: { title: `a${control}b` } }),
            MESSAGES.validation.oneLine("A title"),
          ] as [string, () => ReturnType<typeof send>, string],
      ),
      [
        "style",
        () => patchImage(id, { style: "oil\nwatercolour" }),
        MESSAGES.validation.oneLine("A style"),
      ],
      [
        "site name",
        () =>
          send("PUT", "/api/v1/admin/settings", admin.cookie, {
            ...settings,
            siteName: "Saw\u2028dust",
          }),
        MESSAGES.siteSettings.siteNameControl,
      ],
      [
        "API key name",
        () =>
          send("POST", "/api/v1/api-keys", admin.cookie, { name: "Partner\r\nBcc: x@example.com" }),
        MESSAGES.validation.oneLine("An API key name"),
      ],
      [
        "collection name",
        () => send("POST", "/api/v1/collections", member.cookie, { name: "Sea\nside" }),
        MESSAGES.validation.oneLine("The name"),
      ],
      [
        "display name",
        () =>
          send("PATCH", "/api/v1/profile", member.cookie, { displayName: "Mallory\u0085Staff" }),
        MESSAGES.validation.oneLine("Display name"),
      ],
    ];
    for (const [what, attempt, message] of cases) {
      const res = await attempt();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toBe(message);
    }
    // A description is several lines: its line breaks stay.
    const described = await patchImage(id, { aiAnalysis: { description: "One.\nTwo." } });
    expect(described.json().aiAnalysis.description).toBe("One.\nTwo.");
  });
});
