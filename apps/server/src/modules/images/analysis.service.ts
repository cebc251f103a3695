import {
  MESSAGES,
  normalizeStyle,
  oneLineText,
  shownText,
  slugifyTag,
  unique,
} from "@sawdust/shared";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { type Serialised, unordered } from "../../lib/serialised.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import { analyseColours, type ColourAnalysis } from "../../media/analysis/colour.js";
import {
  type GenerationMetadata,
  promptKeywords,
  readGenerationMetadata,
} from "../../media/analysis/generation/generation-metadata.js";
import { type VisionClient, VisionError } from "../../media/analysis/vision.js";
import { deriveWords, orientationOf, type Words } from "../../media/analysis/words.js";
import { analysisPixels } from "../../media/image-header.js";
import type { MediaStore } from "../../media/media-store.js";
import { EXTENSION_OF, type SniffedFormat } from "../../media/sniff.js";
import { isMissing } from "../../media/storage/storage.js";
import type { ImagesRepo, ImageUpdate } from "./images.repo.js";

/** What the content rater says about an image (see media/analysis/rating). */
export interface ContentRatingResult {
  model: string;
  scores: object;
  nsfw: number;
  rating: string;
  /** High enough that the image stays private until an admin looks at it. */
  sensitive: boolean;
}
export interface ContentRaterLike {
  rate(pixels: {
    data: Buffer;
    width: number;
    height: number;
    channels: 3 | 4;
  }): Promise<ContentRatingResult>;
}

export interface AnalysisDeps {
  images: ImagesRepo;
  media: MediaStore;
  clock: Clock;
  /** Set when AI_BASE_URL is configured. */
  vision?: VisionClient;
  /** The content rater, loaded on first use; null when it cannot run here. */
  rater?: () => Promise<ContentRaterLike | null>;
  /** Where the analysis announces that it changed an image. */
  events?: EventBus;
  /** One write of an image's analysis at a time (an admin's edit, this job's result). */
  serialised?: Serialised;
}

type WordField = "title" | "description" | "tags" | "style";
const WORD_FIELDS: WordField[] = ["title", "description", "tags", "style"];
const SWATCH_ROLES = ["primary", "secondary", "tertiary", "quaternary", "quinary"] as const;

/**
 * The analysis job: generation metadata from the original, colours and content rating from the
 * pixels, and the words (title, description, tags, style) from the vision model when configured,
 * else from the prompt, colours and file name. Fields an admin edited are kept.
 */
export class AnalysisService {
  constructor(private readonly deps: AnalysisDeps) {}

  private get alone(): Serialised {
    return this.deps.serialised ?? unordered;
  }

  /**
   * Analyses the image, as attempt `number` of `max`. A failure is thrown for the worker to retry;
   * when it will not (`willRetry`: by default once this is the last attempt), the vision model's
   * failure falls back to the local words, and any other failure is recorded for good.
   */
  async analyze(
    imageId: number,
    attempt: { number: number; max: number; willRetry?: (error: unknown) => boolean } = {
      number: 1,
      max: 1,
    },
  ): Promise<void> {
    const { images, media, clock } = this.deps;
    const retried = (error: unknown) =>
      attempt.willRetry ? attempt.willRetry(error) : attempt.number < attempt.max;
    const row = await images.findReadyById(imageId);
    if (!row) return; // Deleted since it was queued: nothing to do.
    try {
      const original = await readStored(
        media,
        media.originalKey(imageId, EXTENSION_OF[row.original_format as SniffedFormat] ?? "png"),
        MESSAGES.adminImages.analysisFileMissing.original,
      );
      const generation = readGenerationMetadata(original);
      const medium = (await images.findRenditions([imageId])).find((r) => r.size === "medium");
      if (!medium) throw new Error("the medium rendition is missing");
      const mediumBytes = await readStored(
        media,
        medium.storage_key,
        MESSAGES.adminImages.analysisFileMissing.medium,
      );
      const pixels = await analysisPixels(mediumBytes);
      const colours = analyseColours(pixels.data, pixels.width, pixels.height, pixels.channels);
      const rater = this.deps.rater ? await this.deps.rater() : null;
      const rating = rater ? await rater.rate(pixels) : null;

      let words = deriveWords({
        prompt: generation.prompt,
        keywords: promptKeywords(generation),
        colours,
        width: row.width,
        height: row.height,
        filename: row.original_name,
      });
      let vision: Record<string, unknown> | undefined;
      if (this.deps.vision) {
        try {
          const described = await this.deps.vision.describe(mediumBytes, "image/webp");
          words = {
            title: described.title,
            description: described.description,
            tags: unique([...described.tags.map(slugifyTag), ...words.tags].filter(Boolean)).slice(
              0,
              15,
            ),
            style: normalizeStyle(described.style),
            sources: { title: "vision", description: "vision", tags: "vision", style: "vision" },
          };
          vision = { ok: true };
        } catch (error) {
          if (!(error instanceof VisionError)) throw error;
          // Worth another try later, unless there is none: then the local words stand.
          if (error.retryable && retried(error)) throw error;
          vision = { ok: false, error: error.message, kind: error.kind };
        }
      }

      // Read again and written under the image's lock (ImageEditsService.update takes it too): an
      // admin's edit made while this analysis ran stands, and is not taken for the analysis's.
      const written = await this.alone(`image:${imageId}`, async () => {
        const current = await images.findReadyById(imageId);
        if (!current) return false;
        const previous = parseStoredObject(current.ai_analysis);
        const keptSources = (previous.fieldSources as Record<string, string> | undefined) ?? {};
        const edited = (field: WordField) => keptSources[field] === "admin";
        const sources: Record<string, string> = { ...keptSources };
        const changes: ImageUpdate = {};
        const facets: Parameters<ImagesRepo["update"]>[2] = {};
        for (const field of WORD_FIELDS) {
          if (edited(field)) continue;
          sources[field] = words.sources[field] ?? "none";
        }
        // Shown as an admin's would be (ZImagePatchBody): the file's prompt and name are anyone's.
        // A model's title with line breaks is put on one line, as an admin's must be (round 40).
        if (!edited("title"))
          changes.title = shownOrNull(words.title === null ? null : oneLineText(words.title));
        if (!edited("description")) changes.description = shownOrNull(words.description);
        if (!edited("tags")) {
          changes.tags = JSON.stringify(words.tags);
          facets.tag = words.tags;
        }
        if (!edited("style")) {
          changes.style = words.style;
          facets.style = words.style ? words.style.split(",").map((s) => s.trim()) : [];
        }
        facets.color = unique(colours.swatches.map((s) => s.name));

        const flagged = rating?.sensitive === true;
        // A new upload waits, private, for its rating; without one it stays private for an admin.
        const waiting = current.publish_when_rated === 1;
        const unrated = rating === null && waiting;
        if (flagged) {
          changes.is_public = 0;
          changes.publish_when_rated = 0;
        }
        const moderation = flagged
          ? { flagged: true, reason: "sensitive content" }
          : unrated
            ? { flagged: true, reason: "not rated: the content rater could not run" }
            : undefined;
        if (moderation) {
          changes.moderation = flagged ? "flagged" : "unrated";
          changes.moderation_reason = moderation.reason;
        }
        changes.ai_analysis = JSON.stringify({
          ...previous,
          ...analysisRecord(row.width, row.height, colours, generation, words, clock.now()),
          fieldSources: sources,
          contentRating: rating,
          ...(moderation
            ? { moderation: { ...moderation, at: new Date(clock.now()).toISOString() } }
            : {}),
          ...(vision ? { vision } : {}),
          error: undefined,
        });
        if (waiting && !flagged) {
          // A new upload gets its words while still private, is published (or kept for an admin)
          // after that, and is marked done last: no one ever sees it public without its title
          // and tags (round 60c), and whoever waits for "done" sees the outcome.
          await images.update(imageId, changes, facets, clock.now());
          await images.settleWaiting(imageId, !unrated, clock.now());
          await images.update(imageId, { analysis_status: "done" }, {}, clock.now());
        } else {
          await images.update(
            imageId,
            { ...changes, analysis_status: "done" },
            facets,
            clock.now(),
          );
        }
        return true;
      });
      if (!written) return; // Deleted meanwhile.
      // New tags, styles, colours and perhaps visibility: the lists change.
      await this.deps.events?.emit({ type: "image.updated", imageId });
    } catch (error) {
      // An outage of the storage or database is retried longer than a failure of the image.
      if (!retried(error)) {
        const previous = parseStoredObject(row.ai_analysis);
        await images.update(
          imageId,
          {
            analysis_status: "failed",
            ...(row.publish_when_rated === 1
              ? { moderation: "unrated", moderation_reason: "not rated: the analysis failed" }
              : {}),
            ai_analysis: JSON.stringify({
              ...previous,
              error: (error as Error).message,
              ...(row.publish_when_rated === 1
                ? {
                    moderation: {
                      flagged: true,
                      reason: "not rated: the analysis failed",
                      at: new Date(clock.now()).toISOString(),
                    },
                  }
                : {}),
            }),
          },
          {},
          clock.now(),
        );
        // A rating that failed for good keeps the upload private, for an admin to review.
        await images.settleWaiting(imageId, false, clock.now());
      }
      throw error;
    }
  }
}

/** The analysis as stored in `ai_analysis` (title and description live in their own columns). */
function analysisRecord(
  width: number,
  height: number,
  colours: ColourAnalysis,
  generation: GenerationMetadata,
  words: Words,
  now: number,
) {
  return {
    colorScheme: Object.fromEntries(colours.swatches.map((s, i) => [SWATCH_ROLES[i], `#${s.hex}`])),
    palette: colours.swatches,
    colorThemes: colours.themes,
    lightness: colours.lightness,
    chroma: colours.chroma,
    generation,
    dimensions: { width, height },
    orientation: orientationOf(width, height),
    aspectRatio: Number((width / height).toFixed(4)),
    suggestedStyle: words.style,
    analyzedAt: new Date(now).toISOString(),
  };
}

/**
 * A stored file's bytes. One gone from storage fails with `missing`, which the edit page and the
 * dashboard show: the storage's own words (S3's "The specified key does not exist.", a path on
 * the server's disk) tell a curator nothing they can act on.
 */
async function readStored(media: MediaStore, key: string, missing: string): Promise<Buffer> {
  try {
    return await media.storage.readBuffer(key);
  } catch (error) {
    if (isMissing(error)) throw new Error(missing, { cause: error });
    throw error;
  }
}

/** A title or description as pages show it (shownText); null when nothing is left. */
function shownOrNull(text: string | null): string | null {
  return text === null ? null : shownText(text) || null;
}
