import {
  COLLECTION_RULES,
  type Collection,
  type CollectionDetail,
  canViewImage,
  collectionLimitOf,
  isAdmin,
  MESSAGES,
  type Member,
  type ZCollectionCreateBody,
  type ZCollectionUpdateBody,
} from "@sawdust/shared";
import type { z } from "zod";
import type { CollectionRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import type { MediaStore } from "../../media/media-store.js";

import type { ImagesRepo } from "../images/images.repo.js";
import type { SiteSettingsService } from "../settings/settings.service.js";
import { presentCollection, presentCover, presentEntry } from "./collections.presenter.js";
import type { CollectionsRepo, EntryVisibility } from "./collections.repo.js";

const m = MESSAGES.collections;

/** A signed-in member: every collection call has one. */
export type CollectionsViewer = Member;

export type CollectionCreate = z.output<typeof ZCollectionCreateBody>;
export type CollectionUpdate = z.output<typeof ZCollectionUpdateBody>;

/**
 * An admin's collections show their private images too, as the gallery does for admins; a
 * member's show only public ones (an image an admin hides leaves them until it is shown again).
 */
const visibilityFor = (viewer: Member): EntryVisibility => ({ includePrivate: isAdmin(viewer) });

/**
 * Members' collections (spec sections 3, 5 and 7 "Collections"). A collection is its owner's
 * alone: to anyone else, admins included, it does not exist (404), whatever the call.
 *
 * Changes here move images' `collections_count` but leave the image list cache alone: that
 * count is a counter like views and downloads, which cached pages may show up to
 * LIST_CACHE_TTL_MS late (list-cache.ts); clearing the cache on every add would make each click
 * recount the catalogue. The image detail, which shows the count, is never cached.
 */
export class CollectionsService {
  constructor(
    private readonly deps: {
      collections: CollectionsRepo;
      images: ImagesRepo;
      media: MediaStore;
      /** The free tier's collection limit now (the site settings). */
      siteSettings: Pick<SiteSettingsService, "current">;
      clock: Clock;
    },
  ) {}

  /** How many collections the member owns (the usage page shows it against the free limit). */
  countOwnedBy(userId: number): Promise<number> {
    return this.deps.collections.countOwnedBy(userId);
  }

  /** The member's own collections, newest first. */
  async list(viewer: CollectionsViewer): Promise<Collection[]> {
    const rows = await this.deps.collections.findSummaries(viewer.userId, visibilityFor(viewer));
    return rows.map((row) => presentCollection(row, this.deps.media));
  }

  /** One of the member's collections with its images, most recently added first. */
  async get(id: number, viewer: CollectionsViewer): Promise<CollectionDetail> {
    const collection = await this.summary(id, viewer);
    const entries = await this.deps.collections.findEntries(id, visibilityFor(viewer));
    const renditions = await this.deps.images.findRenditions(entries.map((e) => e.image.id));
    const { licencePrices } = await this.deps.siteSettings.current();
    const now = this.deps.clock.now();
    const first = entries[0];
    return {
      ...collection,
      // From the entries read here, so they agree with them even if an image came or went
      // between the two reads.
      imageCount: entries.length,
      coverImage: first
        ? presentCover(
            first,
            renditions.filter((r) => r.image_id === first.image.id),
            this.deps.media,
          )
        : null,
      images: entries.map((entry) =>
        presentEntry(
          entry,
          renditions.filter((r) => r.image_id === entry.image.id),
          viewer,
          this.deps.media,
          now,
          licencePrices,
        ),
      ),
    };
  }

  /** A new collection; a free member who already keeps the limit is refused (403). */
  async create(body: CollectionCreate, viewer: CollectionsViewer): Promise<Collection> {
    const freeLimit = (await this.deps.siteSettings.current()).freeTier.collections;
    const id = await this.deps.collections.createWithinLimit(
      {
        userId: viewer.userId,
        name: body.name,
        description: body.description ?? null,
        isPublic: body.isPublic,
        now: this.deps.clock.now(),
      },
      collectionLimitOf(viewer, freeLimit),
    );
    if (id === null) throw forbidden(m.limitReached(freeLimit), "collection_limit");
    return this.summary(id, viewer);
  }

  /** Changes the fields sent, nothing else. */
  async update(id: number, body: CollectionUpdate, viewer: CollectionsViewer): Promise<Collection> {
    await this.owned(id, viewer);
    await this.deps.collections.update(id, body, this.deps.clock.now());
    return this.summary(id, viewer);
  }

  async delete(id: number, viewer: CollectionsViewer): Promise<void> {
    await this.owned(id, viewer);
    await this.deps.collections.delete(id);
  }

  /**
   * Adds an image the member may see (404 otherwise). Adding one already there changes nothing;
   * `added` says whether this call added it.
   */
  async addImage(
    id: number,
    imageId: number,
    viewer: CollectionsViewer,
  ): Promise<{ collection: Collection; added: boolean }> {
    await this.owned(id, viewer);
    const image = await this.deps.images.findReadyById(imageId);
    if (!image || !canViewImage(viewer, { isPublic: image.is_public === 1 })) {
      throw notFound(m.imageNotFound, "image_not_found");
    }
    const outcome = await this.deps.collections.addImage(
      id,
      imageId,
      this.deps.clock.now(),
      COLLECTION_RULES.imagesMax,
    );
    if (outcome === "full") throw conflict(m.full(COLLECTION_RULES.imagesMax), "collection_full");
    if (outcome === "gone") {
      // Deleted meanwhile: the collection (then it is not found) or else the image.
      await this.owned(id, viewer);
      throw notFound(m.imageNotFound, "image_not_found");
    }
    return { collection: await this.summary(id, viewer), added: outcome === "added" };
  }

  /** Removes an image; removing one that is not there is no error (nothing changes). */
  async removeImage(id: number, imageId: number, viewer: CollectionsViewer): Promise<Collection> {
    await this.owned(id, viewer);
    await this.deps.collections.removeImage(id, imageId, this.deps.clock.now());
    return this.summary(id, viewer);
  }

  /** The collection if this member owns it; anyone else's, or none, is not found. */
  private async owned(id: number, viewer: CollectionsViewer): Promise<CollectionRow> {
    const row = await this.deps.collections.findById(id);
    if (!row || row.user_id !== viewer.userId)
      throw notFound(m.notFoundTitle, "collection_not_found");
    return row;
  }

  /** The member's collection as the API shows it (404 if it is not theirs). */
  private async summary(id: number, viewer: CollectionsViewer): Promise<Collection> {
    const [row] = await this.deps.collections.findSummaries(
      viewer.userId,
      visibilityFor(viewer),
      id,
    );
    if (!row) throw notFound(m.notFoundTitle, "collection_not_found");
    return presentCollection(row, this.deps.media);
  }
}
