import {
  EDITION_TYPES,
  type Image,
  normalizeStyle,
  slugifyTag,
  ZImageListQuery,
} from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedImage, signIn } from "../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/test-app.js";
import { until } from "../../test/until.js";
import { buildApp } from "../app.js";
import { createWorker } from "../background.js";
import { loadConfig } from "../config.js";
import { DEMO_ARTWORKS } from "./artworks.js";
import { DemoSeeding, type SeedResult, seedDemoCatalogue } from "./seed-demo.js";

const ADMIN_VIEWER = { kind: "member", userId: 1, role: "admin", tier: "free" } as const;

/** The search palette's fixed shortcuts (spec "Top navigation and search"), as filters. */
const PALETTE_TAGS = ["Nature", "Portrait", "Landscape", "Abstract", "Wildlife", "Architecture"];
const PALETTE_STYLES = ["Digital Art", "Oil Painting", "Watercolor", "Photography"];

/** Runs the queued jobs (the analysis of every upload) until none is left. */
async function runJobs(app: TestApp): Promise<void> {
  const quiet = { warn() {}, error() {}, debug() {}, info() {} } as never;
  const worker = createWorker(app.services, quiet, { backoffBaseMs: 1, backoffCapMs: 1 });
  while (await worker.runOnce()) {}
}

/** Every image the admin can see, page by page. */
async function allImages(app: TestApp): Promise<Image[]> {
  const images: Image[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.services.catalogue.list(
      ZImageListQuery.parse({ visibility: "all", limit: 100, cursor }),
      ADMIN_VIEWER,
    );
    images.push(...page.images);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return images;
}

// The whole catalogue (58 pieces made, rendered and analysed: ~75 s) is seeded on SQLite only, where
// `npm start` seeds it by default; what the database itself does in a seeding (the claim, its lease,
// resuming, the audit entry) runs on both databases below, with three pieces.
describe.runIf(TEST_DB === "sqlite")("the demo catalogue seeding", () => {
  let app: TestApp;
  let adminId: number;
  let first: SeedResult;
  let images: Image[];

  beforeAll(async () => {
    app = await createTestApp();
    await app.services.auth.ensureAdmin({
      username: "admin",
      password: "correct horse battery",
      email: "admin@example.com",
    });
    const id = await app.services.auth.adminId();
    if (id === undefined) throw new Error("no admin after ensureAdmin");
    adminId = id;
    first = await seedDemoCatalogue(app.services, adminId, app.server.log);
    const analysing = Date.now();
    await runJobs(app);
    images = await allImages(app);
    console.info(
      `seeded ${first.seeded} demo artworks in ${(first.ms / 1000).toFixed(1)} s, analysed them in ${((Date.now() - analysing) / 1000).toFixed(1)} s`,
    );
  }, 900_000);

  afterAll(() => app.close());

  it("fills an empty catalogue with at least 48 ready, public images", () => {
    expect(first).toMatchObject({ skipped: false, failed: 0, seeded: DEMO_ARTWORKS.length });
    expect(images.length).toBe(DEMO_ARTWORKS.length);
    expect(images.length).toBeGreaterThanOrEqual(48);
    for (const image of images) {
      expect(image.isPublic).toBe(true);
      expect(image.urlSmall).toMatch(/^\/media\//);
      expect(Math.min(image.width, image.height)).toBeGreaterThanOrEqual(1200);
    }
  });

  it("covers every edition type, with a price on every priced edition", () => {
    expect(new Set(images.map((i) => i.editionType))).toEqual(new Set(EDITION_TYPES));
    for (const image of images) {
      if (image.editionType === "sawdust_gallery") expect(image.price).toBeNull();
      else expect(image.price).toBeGreaterThan(0);
    }
  });

  it("gives every image the catalogue's title and description, and tags and style from its prompt", async () => {
    for (const artwork of DEMO_ARTWORKS) {
      const listed = images.find((i) => i.aiAnalysis.title === artwork.title);
      expect(listed, artwork.title).toBeDefined();
      if (!listed) continue;
      const image = await app.services.catalogue.get(listed.id, ADMIN_VIEWER);
      expect(image.aiAnalysis.description).toBe(artwork.description);
      expect(image.editionType).toBe(artwork.editionType);
      expect(image.price).toBe(artwork.priceCents);
      // Read from the PNG's own generation metadata by the analysis job, as for any upload.
      const analysis = image.aiAnalysis as Record<string, unknown>;
      expect(analysis.generation, artwork.title).toMatchObject({
        source: "a1111",
        prompt: artwork.prompt,
        negativePrompt: artwork.negativePrompt,
        model: expect.stringMatching(/^sawdust-demo-/),
      });
      expect(analysis.fieldSources).toMatchObject({
        title: "admin",
        description: "admin",
        tags: "prompt",
        style: "prompt",
      });
      expect(image.tags.length, artwork.title).toBeGreaterThanOrEqual(3);
      for (const tag of image.tags) expect(slugifyTag(tag)).toBe(tag);
      expect(image.style, artwork.title).toBeTruthy();
    }
  });

  it("gives the gallery filters something to find", async () => {
    for (const query of ["tag=landscape", "style=pixel%20art", "editionType=one_of_one"]) {
      const response = await app.server.inject({ method: "GET", url: `/api/v1/images?${query}` });
      expect(response.statusCode, query).toBe(200);
      expect(response.json().images.length, query).toBeGreaterThan(0);
    }
  });

  it("finds a public sawdust_gallery piece behind each of the search palette's shortcuts", async () => {
    const queries = [
      ...PALETTE_TAGS.map((label) => `tag=${encodeURIComponent(slugifyTag(label))}`),
      ...PALETTE_STYLES.map((label) => `style=${encodeURIComponent(normalizeStyle(label))}`),
    ];
    for (const query of queries) {
      const response = await app.server.inject({
        method: "GET",
        url: `/api/v1/images?${query}&editionType=sawdust_gallery`,
      });
      expect(response.statusCode, query).toBe(200);
      const found = response.json().images as Image[];
      expect(found.length, query).toBeGreaterThan(0);
      for (const image of found) expect(image.editionType).toBe("sawdust_gallery");
    }
  });

  it("adds nothing on a second start", async () => {
    const second = await seedDemoCatalogue(app.services, adminId, app.server.log);
    expect(second).toMatchObject({ skipped: true, seeded: 0 });
    expect((await allImages(app)).length).toBe(images.length);
  });
});

describe("the demo catalogue on an installation with a history", () => {
  const three = DEMO_ARTWORKS.slice(0, 3);
  const quietLog = { info() {}, warn() {}, error() {} };

  /** The three pieces are each in the catalogue once. */
  async function expectEachPieceOnce(app: TestApp): Promise<void> {
    expect((await app.services.catalogue.originalNames()).sort()).toEqual(
      three.map((a) => `${a.slug}.png`).sort(),
    );
  }

  async function freshAdmin(app: TestApp): Promise<number> {
    await app.services.auth.ensureAdmin({
      username: "admin",
      password: "correct horse battery",
      email: "a@example.com",
    });
    return (await app.services.auth.adminId()) as number;
  }

  it("never seeds over a catalogue that already has images, even after they are deleted", async () => {
    const app = await createTestApp();
    try {
      const adminId = await freshAdmin(app);
      const own = await seedImage(app, { title: "Someone's real artwork" });
      expect(await seedDemoCatalogue(app.services, adminId, quietLog, three)).toMatchObject({
        skipped: true,
      });
      await app.database.db.deleteFrom("images").where("id", "=", own).execute();
      expect(await seedDemoCatalogue(app.services, adminId, quietLog, three)).toMatchObject({
        skipped: true,
      });
      expect(await app.services.catalogue.hasAnyImage()).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("credits no admin in the audit log: one entry from the system says what it added", async () => {
    const app = await createTestApp();
    try {
      const adminId = await freshAdmin(app);
      await seedDemoCatalogue(app.services, adminId, quietLog, three);
      // Titled as the catalogue has them, though no edit was logged.
      expect((await allImages(app)).map((i) => i.aiAnalysis.title).sort()).toEqual(
        three.map((a) => a.title).sort(),
      );
      const entries = await app.services.audit.recent(100);
      expect(entries.filter((e) => e.actorId === adminId)).toEqual([]);
      expect(entries.filter((e) => e.action.startsWith("image."))).toEqual([]);
      const seeded = [{ actorId: null, subject: "catalogue:demo", details: { imagesAdded: 3 } }];
      expect(entries.filter((e) => e.action === "demo.seeded")).toMatchObject(seeded);
      // A later start seeds nothing and says nothing.
      await seedDemoCatalogue(app.services, adminId, quietLog, three);
      const again = await app.services.audit.recent(100);
      expect(again.filter((e) => e.action === "demo.seeded")).toMatchObject(seeded);
      // The log shows it as the system's.
      const cookie = (await signIn(app, "seed_viewer", "admin")).cookie;
      const page = await app.server.inject({
        method: "GET",
        url: "/api/v1/admin/audit?action=demo.",
        headers: { cookie },
      });
      expect(page.json().entries).toMatchObject([
        { actor: null, action: "demo.seeded", subject: "catalogue:demo" },
      ]);
    } finally {
      await app.close();
    }
  });

  it("of two processes starting at once, one seeds, and each piece is there once", async () => {
    const app = await createTestApp();
    try {
      const adminId = await freshAdmin(app);
      const results = await Promise.all([
        seedDemoCatalogue(app.services, adminId, quietLog, three),
        seedDemoCatalogue(app.services, adminId, quietLog, three),
      ]);
      expect(results.map((r) => r.skipped).sort()).toEqual([false, true]);
      await expectEachPieceOnce(app);
      expect(await app.services.settings.get("demo_seeded")).toBe("done");
    } finally {
      await app.close();
    }
  });

  it("leaves another process's live seeding alone, and takes over one whose lease ran out", async () => {
    const app = await createTestApp();
    try {
      const adminId = await freshAdmin(app);
      const live = `seeding:${Date.now() + 60_000}:another-process`;
      await app.services.settings.set("demo_seeded", live);
      expect(await seedDemoCatalogue(app.services, adminId, quietLog, three)).toMatchObject({
        skipped: true,
      });
      expect(await app.services.catalogue.hasAnyImage()).toBe(false);
      expect(await app.services.settings.get("demo_seeded")).toBe(live);
      // Its process died: the lease ran out without being renewed.
      await app.services.settings.set("demo_seeded", `seeding:${Date.now() - 1}:another-process`);
      expect(await seedDemoCatalogue(app.services, adminId, quietLog, three)).toMatchObject({
        skipped: false,
        seeded: 3,
      });
      expect(await app.services.settings.get("demo_seeded")).toBe("done");
    } finally {
      await app.close();
    }
  });

  it("resumes a seeding that was cut short with only the pieces still missing", async () => {
    const app = await createTestApp();
    try {
      const adminId = await freshAdmin(app);
      const [, second] = three;
      await seedDemoCatalogue(app.services, adminId, quietLog, three.slice(0, 2));
      // As if the process died here, in the middle of the second piece: its row still processing,
      // for the janitor to remove. The seeding resumes with it and the third.
      await app.database.db
        .updateTable("images")
        .set({ status: "processing" })
        .where("original_name", "=", `${second?.slug}.png`)
        .execute();
      await app.services.settings.set("demo_seeded", "started");
      const resumed = await seedDemoCatalogue(app.services, adminId, quietLog, three);
      expect(resumed).toMatchObject({ skipped: false, seeded: 2, failed: 0 });
      await expectEachPieceOnce(app);
      expect(await app.services.settings.get("demo_seeded")).toBe("done");
    } finally {
      await app.close();
    }
  });

  it("gives its lease back on a stop, after the piece it is writing, and the next start resumes at once", async () => {
    const app = await createTestApp();
    try {
      const adminId = await freshAdmin(app);
      const seeding = new DemoSeeding(app.services, quietLog, three);
      // The stop comes in the middle of the first piece: uploaded, its title not yet set.
      let stopped: Promise<void> | undefined;
      app.services.hooks.onJobQueued = () => {
        stopped ??= seeding.stop();
      };
      seeding.start();
      await until("the stop", async () => (stopped ? true : undefined), 10_000, { everyMs: 10 });
      await stopped;
      const [first] = await allImages(app);
      expect((await allImages(app)).map((i) => i.aiAnalysis.title)).toEqual([
        first?.aiAnalysis.title,
      ]);
      expect(three.map((a) => a.title)).toContain(first?.aiAnalysis.title);
      expect(await app.services.settings.get("demo_seeded")).toBe("released");

      // The process started next (same database, same DATA_DIR) resumes without waiting.
      const next = await buildApp(loadConfig(app.env), { webDist: app.webDist });
      try {
        const resumed = await seedDemoCatalogue(next.services, adminId, quietLog, three);
        expect(resumed).toMatchObject({ skipped: false, seeded: 2, failed: 0 });
      } finally {
        await next.server.close();
      }
      await expectEachPieceOnce(app);
      expect(await app.services.settings.get("demo_seeded")).toBe("done");
    } finally {
      await app.close();
    }
  });

  it("takes a dead process's seeding over once its lease runs out, without a restart", async () => {
    const app = await createTestApp();
    try {
      await freshAdmin(app);
      // Its process was killed (no graceful stop): the lease stays until it runs out.
      await app.services.settings.set("demo_seeded", `seeding:${Date.now() + 300}:dead-process`);
      const seeding = new DemoSeeding(app.services, quietLog, three);
      seeding.start();
      const seeded = await until(
        "the seeding to be taken over",
        async () =>
          (await app.services.settings.get("demo_seeded")) === "done" ? true : undefined,
        // Three pieces made after the lease: seconds, more on a busy machine (it ran out at 10 s
        // twice in a loaded run).
        60_000,
      );
      expect(seeded).toBe(true);
      await expectEachPieceOnce(app);
      await seeding.stop();
    } finally {
      await app.close();
    }
  }, 90_000);

  it("tries no more once stopped, though the other process's lease runs out", async () => {
    const app = await createTestApp();
    try {
      await freshAdmin(app);
      const dead = `seeding:${Date.now() + 200}:dead-process`;
      await app.services.settings.set("demo_seeded", dead);
      const said: string[] = [];
      const seeding = new DemoSeeding(
        app.services,
        {
          ...quietLog,
          info: (_details: unknown, message?: string) => {
            said.push(String(message));
          },
        },
        three,
      );
      seeding.start();
      // It found the lease held and set itself to try again once it runs out; then it stops.
      await until("the first try", async () => (said.length > 0 ? true : undefined), 5_000, {
        everyMs: 10,
      });
      expect(said).toEqual([
        "another process is seeding the demo catalogue; trying again when its lease runs out",
      ]);
      await seeding.stop();
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await app.services.settings.get("demo_seeded")).toBe(dead);
      expect(await app.services.catalogue.hasAnyImage()).toBe(false);
    } finally {
      await app.close();
    }
  });
});
