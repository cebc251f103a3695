import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import type { Services } from "../services.js";
import { DEMO_ARTWORKS, type DemoArtwork } from "./artworks.js";
import { withPngText } from "./png-text.js";

/**
 * Seeding acts as an admin: it may set every field, and sees its own uploads. The audit log says
 * otherwise: no admin chose these pieces, so it gets one entry from the system for what a seeding
 * added, not an upload and an edit per piece in the first admin's name.
 */

export interface SeedResult {
  /** True when the catalogue already had images, so nothing was added. */
  skipped: boolean;
  seeded: number;
  failed: number;
  ms: number;
}

type SeedLog = Pick<FastifyBaseLogger, "info" | "warn">;

/**
 * The demo catalogue (design section 2, `DEMO_CONTENT`): on a catalogue with no image at all,
 * renders every generated artwork, with its prompt embedded as generation metadata, and uploads
 * it through the normal pipeline (validation, renditions, analysis job), then sets its title and
 * description as an admin would. The analysis job derives the tags and style from the prompt, as
 * it does for any upload. Sequential on purpose: it runs beside a live server on a small machine.
 *
 * Runs once per installation: a `demo_seeded` setting records that it finished. A catalogue that
 * already had images before seeding ever started is left alone; a seeding cut short (a crash, a
 * restart) resumes with the pieces it had not uploaded yet. Of several processes starting at once
 * (two API processes on one database), one seeds: while it does, the setting holds its lease,
 * renewed with every piece, and the others leave it alone; a lease left to expire (its process
 * died) is taken over by the next process that starts.
 */
export async function seedDemoCatalogue(
  services: Pick<Services, "catalogue" | "ingest" | "edits" | "settings" | "audit">,
  adminUserId: number,
  log: SeedLog,
  artworks: readonly DemoArtwork[] = DEMO_ARTWORKS,
): Promise<SeedResult> {
  const started = Date.now();
  const skip = () => ({ skipped: true, seeded: 0, failed: 0, ms: Date.now() - started });
  const state = await services.settings.get(SEEDED_KEY);
  if (state === "done") return skip();
  if (state !== undefined && leaseExpiry(state) > Date.now()) return skip(); // Another's, live.
  const resuming = state !== undefined;
  if (!resuming && (await services.catalogue.hasAnyImage())) {
    // A real catalogue: never seed over it.
    await services.settings.swap(SEEDED_KEY, undefined, "done");
    return skip();
  }
  let lease = newLease();
  if (!(await services.settings.swap(SEEDED_KEY, state, lease))) return skip(); // Another's now.
  const present = new Set(await services.catalogue.originalNames());
  const todo = galleryOrder(artworks).filter((a) => !present.has(`${a.slug}.png`));
  log.info({ count: todo.length, resuming }, "seeding the demo catalogue");
  const dir = await mkdtemp(join(tmpdir(), "sawdust-demo-"));
  let seeded = 0;
  let failed = 0;
  try {
    for (const [index, artwork] of todo.entries()) {
      // Renewed before every piece; lost (this process stalled past it) means another seeds now.
      const renewed = newLease();
      if (!(await services.settings.swap(SEEDED_KEY, lease, renewed))) {
        log.warn({ done: index }, "another process took the demo catalogue's seeding over");
        await recordSeeding(services, seeded, failed);
        return { skipped: false, seeded, failed, ms: Date.now() - started };
      }
      lease = renewed;
      try {
        await seedOne(services, adminUserId, artwork, dir);
        seeded += 1;
      } catch (error) {
        // One broken piece should not cost the gallery the other forty-odd.
        failed += 1;
        log.warn({ err: error, slug: artwork.slug }, "could not seed a demo artwork");
      }
      if ((index + 1) % 10 === 0) {
        log.info({ done: index + 1, total: todo.length }, "seeding the demo catalogue");
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await recordSeeding(services, seeded, failed);
  await services.settings.swap(SEEDED_KEY, lease, "done");
  const ms = Date.now() - started;
  log.info({ seeded, failed, ms }, "seeded the demo catalogue");
  return { skipped: false, seeded, failed, ms };
}

const SEEDED_KEY = "demo_seeded";

/**
 * How long a seeding process holds the catalogue without renewing: far longer than one piece takes
 * on a small, busy machine (seconds), short enough that a crashed process's seeding is resumed by
 * the next start soon after.
 */
export const DEMO_SEEDING_LEASE_MS = 120_000;

/** A seeding's lease: "seeding:<expires at, ms>:<holder>", unique to this process and moment. */
function newLease(): string {
  return `seeding:${Date.now() + DEMO_SEEDING_LEASE_MS}:${randomUUID()}`;
}

/** When a seeding's lease expires; 0 for any other value (an older version's "started"). */
function leaseExpiry(value: string): number {
  const [kind, expires] = value.split(":");
  return kind === "seeding" ? Number(expires) || 0 : 0;
}

/** The audit log's one entry for a seeding, by the system (no actor); none when it added nothing. */
async function recordSeeding(
  services: Pick<Services, "audit">,
  seeded: number,
  failed: number,
): Promise<void> {
  if (seeded === 0) return;
  await services.audit.record(null, "demo.seeded", "catalogue:demo", {
    imagesAdded: seeded,
    ...(failed > 0 && { imagesFailed: failed }),
  });
}

async function seedOne(
  services: Pick<Services, "ingest" | "edits">,
  adminUserId: number,
  artwork: DemoArtwork,
  dir: string,
): Promise<void> {
  const png = await renderPng(artwork);
  const path = join(dir, `${artwork.slug}.png`);
  await writeFile(path, png);
  // ingest() owns the temporary file from here and deletes it, success or failure. The demo's
  // pictures are Sawdust's own drawings: public at once, before their analysis has run.
  const image = await services.ingest.ingest(
    {
      path,
      bytes: png.length,
      format: "png",
      filename: `${artwork.slug}.png`,
      fields: {
        editionType: artwork.editionType,
        ...(artwork.priceCents === null ? {} : { price: String(artwork.priceCents) }),
      },
    },
    adminUserId,
    { publishNow: true, audited: false },
  );
  await services.edits.update(
    image.id,
    { aiAnalysis: { title: artwork.title, description: artwork.description } },
    { kind: "member", userId: adminUserId, role: "admin", tier: "free" },
    { audited: false },
  );
}

/** The artwork as a PNG, at its full size, carrying its prompt as A1111's "parameters". */
export async function renderPng(artwork: DemoArtwork): Promise<Buffer> {
  // Low zlib effort: the file is an upload, decoded once and stored; speed matters more here.
  const png = await sharp(Buffer.from(artwork.render())).png({ compressionLevel: 3 }).toBuffer();
  return withPngText(png, "parameters", artwork.parameters);
}

/**
 * The catalogue is written family by family; the gallery lists newest first. Seeding with a
 * stride coprime to the count visits every artwork once while putting neighbours from different
 * generators, so the first screen of the gallery is varied.
 */
export function galleryOrder<T>(items: readonly T[]): T[] {
  const n = items.length;
  let stride = 7;
  while (n > 1 && gcd(stride, n) !== 1) stride += 1;
  return items.map((_, i) => items[(i * stride) % n] as T);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
