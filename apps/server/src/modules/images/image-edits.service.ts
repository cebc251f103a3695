import {
  type EditionType,
  type Image,
  type ImagePatchBody,
  type Member,
  normalizeStyle,
  slugifyTag,
  unique,
} from "@sawdust/shared";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import type { MediaStore } from "../../media/media-store.js";
import { ANALYZE_JOB, ANALYZE_MAX_ATTEMPTS, IMAGE_MESSAGES } from "./images.constants.js";
import { presentImage } from "./images.presenter.js";
import type { ImagesRepo } from "./images.repo.js";

/**
 * An admin's changes to one image: its words and edition, its visibility, a new analysis, its
 * deletion. Each is announced on the event bus once committed. Callers check that the principal
 * is an admin (the routes do, with `adminViewerOf`).
 */
export class ImageEditsService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      media: MediaStore;
      clock: Clock;
      events: EventBus;
      /** Called after a job was committed, so an idle worker in this process starts at once. */
      onJobQueued?: () => void;
    },
  ) {}

  async update(id: number, body: ImagePatchBody, admin: Member): Promise<Image> {
    const row = await this.row(id);
    const analysis = parseStoredObject(row.ai_analysis);
    const sources = { ...((analysis.fieldSources as Record<string, string> | undefined) ?? {}) };
    const changes: Parameters<ImagesRepo["update"]>[1] = {};
    const facets: Parameters<ImagesRepo["update"]>[2] = {};

    if (body.aiAnalysis) {
      const { title, description, ...rest } = body.aiAnalysis;
      if (title !== undefined && title !== row.title) {
        changes.title = title?.trim() || null;
        sources.title = "admin";
      }
      if (description !== undefined && description !== row.description) {
        changes.description = description?.trim() || null;
        sources.description = "admin";
      }
      const { fieldSources: _ignored, ...kept } = rest as Record<string, unknown>;
      Object.assign(analysis, kept);
    }
    if (body.tags) {
      const tags = unique(body.tags.map(slugifyTag).filter(Boolean));
      changes.tags = JSON.stringify(tags);
      facets.tag = tags;
      sources.tags = "admin";
    }
    if (body.style !== undefined) {
      const styles = unique((body.style ?? "").split(",").map(normalizeStyle).filter(Boolean));
      changes.style = styles.length > 0 ? styles.join(", ") : null;
      facets.style = styles;
      sources.style = "admin";
    }
    const editionType = body.editionType ?? (row.edition_type as EditionType);
    if (body.editionType) changes.edition_type = body.editionType;
    if (body.price !== undefined) changes.price_cents = body.price;
    if (editionType === "sawdust_gallery") changes.price_cents = null;
    changes.ai_analysis = JSON.stringify({ ...analysis, fieldSources: sources });

    await this.deps.images.update(id, changes, facets, this.deps.clock.now());
    await this.deps.events.emit({ type: "image.updated", imageId: id });
    return this.present(id, admin);
  }

  async setVisibility(id: number, isPublic: boolean, admin: Member): Promise<Image> {
    await this.row(id);
    // An admin's choice stands: a later rating no longer publishes the image.
    await this.deps.images.update(
      id,
      { is_public: isPublic ? 1 : 0, publish_when_rated: 0 },
      {},
      this.deps.clock.now(),
    );
    await this.deps.events.emit({ type: isPublic ? "image.shown" : "image.hidden", imageId: id });
    return this.present(id, admin);
  }

  /** Queues the image's analysis again (an admin's "analyse again"); edited fields stay. */
  async requestAnalysis(id: number, admin: Member, requestId?: string): Promise<Image> {
    await this.row(id);
    await this.deps.images.queueAnalysis(
      id,
      ANALYZE_JOB,
      ANALYZE_MAX_ATTEMPTS,
      this.deps.clock.now(),
      requestId,
    );
    this.deps.onJobQueued?.();
    return this.present(id, admin);
  }

  /** Removes the image, its files, renditions, facets, jobs and collection entries. */
  async delete(id: number): Promise<void> {
    await this.row(id);
    await this.deps.images.markDeleting(id, this.deps.clock.now());
    await this.deps.events.emit({ type: "image.deleted", imageId: id });
    await this.deps.media.removeImage(id);
    await this.deps.images.deleteById(id);
  }

  private async row(id: number) {
    const row = await this.deps.images.findReadyById(id);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    return row;
  }

  private async present(id: number, admin: Member): Promise<Image> {
    const row = await this.row(id);
    const renditions = await this.deps.images.findRenditions([id]);
    return presentImage(row, renditions, admin, this.deps.media, this.deps.clock.now());
  }
}
