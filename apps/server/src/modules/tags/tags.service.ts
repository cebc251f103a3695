import {
  EXPLORE_FEATURED_COUNT,
  type ExploreTags,
  GALLERY_LIST_PARAMS,
  type TagCount,
} from "@sawdust/shared";
import type { MediaStore } from "../../media/media-store.js";
import { displayUrlsOf } from "../images/images.presenter.js";
import type { ImagesRepo } from "../images/images.repo.js";
import type { TagsRepo } from "./tags.repo.js";

/** Every count here sits next to a link to the gallery, so it counts what the gallery lists. */
const COUNTED = GALLERY_LIST_PARAMS.editionType;

export class TagsService {
  constructor(private readonly deps: { tags: TagsRepo; images: ImagesRepo; media: MediaStore }) {}

  list(): Promise<TagCount[]> {
    return this.deps.tags.countPublicTags(COUNTED);
  }

  /**
   * The most used tags, each with its newest image not already another card's (the same picture
   * on two cards of eight told a visitor nothing; round 60), then every other tag.
   */
  async explore(): Promise<ExploreTags> {
    const all = await this.deps.tags.countPublicTags(COUNTED);
    const top = all.slice(0, EXPLORE_FEATURED_COUNT);
    const candidates = await this.deps.tags.newestImagesOf(
      top.map((t) => t.tag),
      COUNTED,
      top.length,
    );
    const used = new Set<number>();
    const samples = top.flatMap((t) => {
      const own = candidates.filter((c) => c.tag === t.tag);
      const sample = own.find((c) => !used.has(c.image_id)) ?? own[0];
      if (!sample) return [];
      used.add(sample.image_id);
      return [sample];
    });
    const urls = displayUrlsOf(
      await this.deps.images.findRenditions(samples.map((s) => s.image_id)),
      this.deps.media,
    );
    const featured = top.flatMap((t) => {
      const sample = samples.find((s) => s.tag === t.tag);
      const url = sample && urls.get(sample.image_id);
      if (!sample || !url) return [];
      return [
        {
          ...t,
          sampleImage: {
            id: sample.image_id,
            urlThumb: url.thumb,
            urlSmall: url.small,
            urlMedium: url.medium,
            width: sample.width,
            height: sample.height,
            thumbhash: sample.thumbhash,
          },
        },
      ];
    });
    const featuredTags = new Set(featured.map((f) => f.tag));
    return { featured, other: all.filter((t) => !featuredTags.has(t.tag)) };
  }
}
