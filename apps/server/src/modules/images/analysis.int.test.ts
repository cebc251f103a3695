import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeVisionServer } from "../../../test/fake-vision-server.js";
import { injectPngChunks, tEXt } from "../../../test/fixtures/generation/containers.js";
import { calmRater, makePng, signIn, upload } from "../../../test/images.js";
import { closedPort } from "../../../test/out-of-reach.js";
import { createTestApp, TEST_DB, type TestApp, TestClock } from "../../../test/test-app.js";
import { createWorker } from "../../background.js";
import { OUTAGE_MAX_FAILURES } from "../../jobs/worker.js";
import { VisionClient } from "../../media/analysis/vision.js";
import type { ContentRaterLike } from "./analysis.service.js";
import { ANALYZE_MAX_ATTEMPTS } from "./images.constants.js";

const solidRed = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
async function greyRamp(): Promise<Buffer> {
  const width = 1000;
  const height = 800;
  const px = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) px[y * width + x] = Math.round((x / (width - 1)) * 255);
  return sharp(px, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

const quietLog = { warn() {}, error() {}, debug() {}, info() {} } as never;

async function runJobs(app: TestApp): Promise<void> {
  const worker = createWorker(app.services, quietLog, { backoffBaseMs: 1, backoffCapMs: 1 });
  while (await worker.runOnce()) {}
}

async function imageOf(app: TestApp, id: number, cookie: string) {
  return (
    await app.server.inject({ method: "GET", url: `/api/v1/images/${id}`, headers: { cookie } })
  ).json();
}

describe(`analysis without a vision model on ${TEST_DB}`, () => {
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  beforeAll(async () => {
    // A rater that finds nothing, so analysed uploads are published and visitors' filters see them.
    app = await createTestApp({}, { rater: calmRater });
    admin = await signIn(app, "analyst", "admin");
  });
  afterAll(() => app.close());

  it("gives a solid red image a red swatch and the vibrant theme, a grey ramp monochrome; ?color=ff0000 finds only the red", async () => {
    const red = (
      await upload(app, admin.cookie, { name: "red.png", data: await solidRed() })
    ).json().uploaded[0];
    const grey = (
      await upload(app, admin.cookie, { name: "ramp.png", data: await greyRamp() })
    ).json().uploaded[0];
    await runJobs(app);
    const redImage = await imageOf(app, red.id, admin.cookie);
    expect(redImage.analysisStatus).toBe("done");
    expect(redImage.aiAnalysis.palette[0]).toMatchObject({ name: "red", share: 1 });
    expect(redImage.aiAnalysis.colorScheme.primary).toMatch(/^#f[c-f]0[0-3]0[0-3]$/);
    expect(redImage.tags).toEqual(expect.arrayContaining(["vibrant", "red"]));
    const greyImage = await imageOf(app, grey.id, admin.cookie);
    expect(greyImage.tags).toContain("monochrome");
    expect(greyImage.tags).not.toContain("vibrant");

    const byColour = (
      await app.server.inject({ method: "GET", url: "/api/v1/images?color=ff0000" })
    ).json();
    const ids = byColour.images.map((i: { id: number }) => i.id);
    expect(ids).toContain(red.id);
    expect(ids).not.toContain(grey.id);
    const byName = (
      await app.server.inject({
        method: "GET",
        url: "/api/v1/images?color=%23FF0000&tag=monochrome",
      })
    ).json();
    expect(byName.images).toEqual([]);
  });

  it("analyses and publishes an image no pixel of which is even half opaque", async () => {
    const wash = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 4,
        background: { r: 20, g: 40, b: 220, alpha: 0.2 },
      },
    })
      .png()
      .toBuffer();
    const uploaded = (await upload(app, admin.cookie, { name: "blue-wash.png", data: wash })).json()
      .uploaded[0];
    await runJobs(app);
    const image = await imageOf(app, uploaded.id, admin.cookie);
    expect(image.analysisStatus).toBe("done");
    expect(image.isPublic).toBe(true);
    expect(image.aiAnalysis.palette[0]).toMatchObject({ name: "blue" });
    expect(image.aiAnalysis.title).toBeTruthy();
  });

  it("reads the generation prompt: title, description, tags, style and provenance", async () => {
    const png = injectPngChunks(await makePng(1024, 1024), [
      tEXt(
        "parameters",
        "a lighthouse on a cliff above stormy ocean waves at sunset, oil painting, dramatic light\nNegative prompt: blurry, lowres\nSteps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567, Size: 1024x1024, Model: dreamshaper_8",
      ),
    ]);
    const image = (await upload(app, admin.cookie, { name: "00042-1234567.png", data: png })).json()
      .uploaded[0];
    await runJobs(app);
    const analysed = await imageOf(app, image.id, admin.cookie);
    expect(analysed.aiAnalysis.title).toBe("Lighthouse on a Cliff");
    // In its own words: the prompt is a generation detail, Pro's to read (round 58).
    expect(analysed.aiAnalysis.description).toMatch(/^Lighthouse on a cliff, oil painting\. A /);
    expect(analysed.aiAnalysis.description).not.toMatch(/stormy|dramatic|sunset/);
    expect(analysed.style).toBe("oil painting");
    expect(analysed.tags.slice(0, 2)).toEqual(["lighthouse", "cliff"]);
    expect(analysed.tags).toEqual(
      expect.arrayContaining(["ocean", "sunset", "oil-painting", "square"]),
    );
    // The negative prompt ("blurry, lowres") is stored as provenance, never read for words.
    expect(analysed.tags).not.toContain("blurry");
    expect(analysed.aiAnalysis.generation).toMatchObject({
      source: "a1111",
      model: "dreamshaper_8",
      seed: 1234567,
      negativePrompt: "blurry, lowres",
    });
    expect(analysed.aiAnalysis.fieldSources).toMatchObject({
      title: "prompt",
      style: "prompt",
      tags: "prompt",
    });
    // Filterable by what the analysis found.
    const byStyle = (
      await app.server.inject({ method: "GET", url: "/api/v1/images?style=oil%20painting" })
    ).json();
    expect(byStyle.images.map((i: { id: number }) => i.id)).toContain(image.id);
  });

  it("keeps an admin's edit over a later re-analysis, and re-analyses the rest", async () => {
    const image = (
      await upload(app, admin.cookie, { name: "sunny-meadow.png", data: await makePng(900, 900) })
    ).json().uploaded[0];
    await runJobs(app);
    await app.server.inject({
      method: "PATCH",
      url: `/api/v1/images/${image.id}`,
      headers: { cookie: admin.cookie },
      payload: { aiAnalysis: { title: "My Own Title" } },
    });
    const again = await app.server.inject({
      method: "POST",
      url: `/api/v1/images/${image.id}/analyze`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().analysisStatus).toBe("pending");
    await runJobs(app);
    const analysed = await imageOf(app, image.id, admin.cookie);
    expect(analysed.analysisStatus).toBe("done");
    expect(analysed.aiAnalysis.title).toBe("My Own Title");
    expect(analysed.aiAnalysis.description).toMatch(/image in/);
    expect(analysed.aiAnalysis.fieldSources).toMatchObject({
      title: "admin",
      description: "colour",
    });
    const member = await signIn(app, "not_an_analyst");
    expect(
      (
        await app.server.inject({
          method: "POST",
          url: `/api/v1/images/${image.id}/analyze`,
          headers: { cookie: member.cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("publishes a new upload only once its title, description and tags are written", async () => {
    // A trigger notes each image's row as it turns public: what a visitor or partner could read.
    const { db } = app.database;
    await sql`create table published_as (id bigint, title text, description text, tags text)`.execute(
      db,
    );
    if (TEST_DB === "postgres") {
      await sql`create function note_published() returns trigger language plpgsql as $$
        begin
          insert into published_as values (new.id, new.title, new.description, new.tags);
          return new;
        end $$`.execute(db);
      await sql`create trigger note_published after update of is_public on images for each row
        when (old.is_public = 0 and new.is_public = 1) execute function note_published()`.execute(
        db,
      );
    } else {
      await sql`create trigger note_published after update of is_public on images
        when old.is_public = 0 and new.is_public = 1
        begin
          insert into published_as values (new.id, new.title, new.description, new.tags);
        end`.execute(db);
    }
    const image = (
      await upload(app, admin.cookie, {
        name: "quiet-harbour.png",
        data: await makePng(900, 900, { seed: 9 }),
      })
    ).json().uploaded[0];
    await runJobs(app);
    const published = await sql<{ title: string | null; description: string | null; tags: string }>`
      select title, description, tags from published_as where id = ${image.id}`.execute(db);
    expect(published.rows).toHaveLength(1);
    const [row] = published.rows;
    expect(row?.title).toBeTruthy();
    expect(row?.description).toBeTruthy();
    expect(JSON.parse(row?.tags ?? "[]")).not.toEqual([]);
    expect((await imageOf(app, image.id, admin.cookie)).isPublic).toBe(true);
  });

  it("tells the console why an analysis failed for good, in the table and on the edit page", async () => {
    const image = (
      await upload(app, admin.cookie, {
        name: "broken.png",
        data: await makePng(900, 800, { seed: 3 }),
      })
    ).json().uploaded[0];
    const done = (
      await upload(app, admin.cookie, {
        name: "fine.png",
        data: await makePng(800, 900, { seed: 5 }),
      })
    ).json().uploaded[0];
    // Its medium rendition gone: the analysis has nothing to read, attempt after attempt.
    await app.database.db
      .deleteFrom("renditions")
      .where("image_id", "=", image.id)
      .where("size", "=", "medium")
      .execute();
    // Its attempts are a millisecond apart: run until the last one has been made.
    for (let round = 0; round < 50; round++) {
      await runJobs(app);
      const row = await app.database.db
        .selectFrom("images")
        .select("analysis_status")
        .where("id", "=", image.id)
        .executeTakeFirstOrThrow();
      if (row.analysis_status === "failed") break;
      await new Promise((done) => setTimeout(done, 5));
    }

    const get = (url: string) =>
      app.server.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
    const table = (await get("/api/v1/admin/images?limit=50")).json();

    const listed = (id: number) => table.images.find((i: { id: number }) => i.id === id);
    expect(listed(image.id)).toMatchObject({
      analysisStatus: "failed",
      analysisError: "the medium rendition is missing",
    });
    expect(listed(done.id)).toMatchObject({ analysisStatus: "done", analysisError: null });
    expect((await get(`/api/v1/admin/images/${image.id}`)).json().analysisError).toBe(
      "the medium rendition is missing",
    );
    expect((await get(`/api/v1/admin/images/${done.id}`)).json().analysisError).toBeNull();
    // Members never see it: the public image carries no such field.
    expect((await get(`/api/v1/images/${image.id}`)).json()).not.toHaveProperty("analysisError");
  });
});

describe(`content rating on ${TEST_DB}`, () => {
  it("keeps an image the rater finds sensitive private, flagged for an admin", async () => {
    const rater: ContentRaterLike = {
      rate: async () => ({
        model: "test",
        scores: { porn: 0.9 },
        nsfw: 0.9,
        rating: "explicit",
        sensitive: true,
      }),
    };
    const app = await createTestApp({}, { rater: async () => rater });
    try {
      const admin = await signIn(app, "rating_admin", "admin");
      const image = (
        await upload(app, admin.cookie, { name: "x.png", data: await makePng(900, 900) })
      ).json().uploaded[0];
      await runJobs(app);
      const analysed = await imageOf(app, image.id, admin.cookie);
      expect(analysed.isPublic).toBe(false);
      expect(analysed.aiAnalysis.moderation).toMatchObject({ flagged: true });
      expect(analysed.aiAnalysis.contentRating).toMatchObject({ rating: "explicit" });
      expect(
        (await app.server.inject({ method: "GET", url: `/api/v1/images/${image.id}` })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe(`the vision model over loopback on ${TEST_DB}`, () => {
  const fake = new FakeVisionServer();
  const clock = new TestClock();
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  beforeAll(async () => {
    const baseUrl = await fake.start();
    app = await createTestApp(
      { AI_BASE_URL: baseUrl, AI_API_KEY: "sk-test", AI_MODEL: "vision-test" },
      {
        clock,
        rater: async () => null,
        vision: new VisionClient({
          baseUrl,
          apiKey: "sk-test",
          model: "vision-test",
          timeoutMs: 300,
        }),
      },
    );
    admin = await signIn(app, "visionary", "admin");
  });
  afterAll(async () => {
    await app.close();
    await fake.stop();
  });

  async function analyseWith(mode: typeof fake.mode) {
    fake.mode = mode;
    const image = (
      await upload(app, admin.cookie, { name: "ruby-field.png", data: await solidRed() })
    ).json().uploaded[0];
    const worker = createWorker(app.services, quietLog, {
      backoffBaseMs: 1000,
      backoffCapMs: 1000,
    });
    const attempts: string[] = [];
    for (let round = 0; round < 10; round++) {
      while (await worker.runOnce()) {}
      const [job] = await app.services.jobs.findByImage(image.id);
      attempts.push(`${job?.status}:${job?.attempts}`);
      if (job?.status === "done" || job?.status === "failed") break;
      clock.advance(2000);
    }
    return { image: await imageOf(app, image.id, admin.cookie), attempts };
  }

  it("uses good JSON for the words, and sends the image and the key", async () => {
    const { image, attempts } = await analyseWith("good");
    expect(attempts).toEqual(["done:1"]);
    expect(image.aiAnalysis).toMatchObject({
      title: "Crimson Tide",
      description: "A field of pure red, edge to edge.",
    });
    expect(image.style).toBe("color field painting");
    expect(image.tags).toEqual(expect.arrayContaining(["red", "minimal", "color-field"]));
    expect(image.aiAnalysis.fieldSources).toMatchObject({ title: "vision", tags: "vision" });
    const request = fake.requests.at(-1);
    expect(request?.authorization).toBe("Bearer sk-test");
    expect(request?.body.model).toBe("vision-test");
    expect(JSON.stringify(request?.body)).toContain("data:image/webp;base64,");
  });

  it("accepts JSON wrapped in a code fence", async () => {
    expect((await analyseWith("fenced")).image.aiAnalysis.title).toBe("Crimson Tide");
  });

  it("puts a title over several lines on one, without what could hide or reverse it", async () => {
    expect((await analyseWith("unruly")).image.aiAnalysis.title).toBe("Crimson Tide Now");
  });

  for (const mode of ["malformed", "wrong-shape"] as const) {
    it(`falls back to the local words at once on ${mode} JSON`, async () => {
      const { image, attempts } = await analyseWith(mode);
      expect(attempts).toEqual(["done:1"]);
      expect(image.analysisStatus).toBe("done");
      expect(image.aiAnalysis.title).toBe("Ruby Field");
      expect(image.aiAnalysis.fieldSources).toMatchObject({
        title: "filename",
        description: "colour",
      });
      expect(image.aiAnalysis.vision).toMatchObject({ ok: false, kind: "malformed" });
    });
  }

  for (const mode of ["timeout", "500", "429"] as const) {
    it(`retries on ${mode}, then finishes with the local words on the last attempt`, async () => {
      const { image, attempts } = await analyseWith(mode);
      expect(attempts).toEqual(["pending:1", "pending:2", "pending:3", "pending:4", "done:5"]);
      expect(image.analysisStatus).toBe("done");
      expect(image.aiAnalysis.title).toBe("Ruby Field");
      expect(image.aiAnalysis.vision).toMatchObject({
        ok: false,
        kind: mode === "timeout" ? "timeout" : "http",
      });
    }, 30_000);
  }
});

describe(`the vision model's server down on ${TEST_DB}`, () => {
  const fake = new FakeVisionServer();
  const clock = new TestClock();
  let app: TestApp;
  let admin: { cookie: string; userId: number };
  /** While set, every call goes to a port nothing listens on: the server is down. */
  let down: string | undefined;
  beforeAll(async () => {
    const baseUrl = await fake.start();
    down = `http://127.0.0.1:${await closedPort()}/v1/chat/completions`;
    app = await createTestApp(
      {},
      {
        clock,
        rater: async () => null,
        vision: new VisionClient({ baseUrl, model: "vision-test", timeoutMs: 300 }, (url, init) =>
          fetch(down ?? url, init),
        ),
      },
    );
    admin = await signIn(app, "vision_down", "admin");
  });
  afterAll(async () => {
    await app.close();
    await fake.stop();
  });

  /** Runs the image's analysis until it is settled; `after` sees the job after each round. */
  async function analyse(after: (outages: number) => void) {
    const image = (
      await upload(app, admin.cookie, { name: "ruby-field.png", data: await solidRed() })
    ).json().uploaded[0];
    const worker = createWorker(app.services, quietLog, {
      backoffBaseMs: 1000,
      backoffCapMs: 1000,
    });
    for (let round = 0; round < 3 * OUTAGE_MAX_FAILURES; round++) {
      while (await worker.runOnce()) {}
      const [job] = await app.services.jobs.findByImage(image.id);
      if (job?.status === "done" || job?.status === "failed") {
        return { job, image: await imageOf(app, image.id, admin.cookie) };
      }
      after(job?.outages ?? 0);
      clock.advance(2000);
    }
    throw new Error("the analysis never settled");
  }

  it("waits it out past the analysis's attempts, and uses its words once it is back", async () => {
    const { job, image } = await analyse((outages) => {
      if (outages > ANALYZE_MAX_ATTEMPTS) down = undefined;
    });
    expect(job).toMatchObject({ status: "done", outages: ANALYZE_MAX_ATTEMPTS + 1 });
    expect(image.aiAnalysis.title).toBe("Crimson Tide");
    expect(image.aiAnalysis.fieldSources).toMatchObject({ title: "vision" });
  }, 60_000);

  it("falls back to the local words once the outage has lasted too long", async () => {
    down = `http://127.0.0.1:${await closedPort()}/v1/chat/completions`;
    const { job, image } = await analyse(() => {});
    expect(job).toMatchObject({ status: "done", outages: OUTAGE_MAX_FAILURES - 1 });
    expect(image.analysisStatus).toBe("done");
    expect(image.aiAnalysis.title).toBe("Ruby Field");
    expect(image.aiAnalysis.vision).toMatchObject({ ok: false, kind: "network" });
  }, 60_000);
});

describe(`a worker killed mid-job on ${TEST_DB}`, () => {
  const fake = new FakeVisionServer();
  let app: TestApp;
  let children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await app?.close();
    await fake.stop();
  });

  function startWorker(env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/worker-process.ts"], {
      cwd: resolve(import.meta.dirname, "../../.."),
      env: { ...process.env, ...env, TEST_WORKER_LEASE_MS: "1500" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    return new Promise((resolvePromise, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("WORKER")) resolvePromise(child);
      });
      child.on("exit", (code) => reject(new Error(`worker exited (${code})`)));
    });
  }

  it("is picked up again after its lease and completes exactly once", async () => {
    const baseUrl = await fake.start();
    fake.mode = "timeout"; // The first worker hangs inside the vision call.
    app = await createTestApp({ AI_BASE_URL: baseUrl }, { rater: async () => null });
    const admin = await signIn(app, "killer", "admin");
    const image = (
      await upload(app, admin.cookie, { name: "hung.png", data: await solidRed() })
    ).json().uploaded[0];
    const env = app.env;

    const first = await startWorker(env);
    const until = Date.now() + 20_000;
    while (fake.requests.length === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests.length).toBe(1);
    let [job] = await app.services.jobs.findByImage(image.id);
    expect(job).toMatchObject({ status: "running", attempts: 1 });
    first.kill("SIGKILL");
    children = children.filter((c) => c !== first);

    fake.mode = "good";
    await startWorker(env);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      [job] = await app.services.jobs.findByImage(image.id);
      if (job?.status === "done") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toMatchObject({ status: "done", attempts: 2 });
    expect(fake.requests.length).toBe(2);
    const analysed = await imageOf(app, image.id, admin.cookie);
    expect(analysed.aiAnalysis.title).toBe("Crimson Tide");
    expect((await app.services.jobs.findByImage(image.id)).length).toBe(1);
  }, 90_000);
});
