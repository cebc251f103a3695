import { z } from "zod";

export const ZTagCount = z.object({ tag: z.string(), count: z.number().int().nonnegative() });
export type TagCount = z.infer<typeof ZTagCount>;

/** GET /api/v1/tags: every tag of the public catalogue with how many images carry it. */
export const ZTagList = z.array(ZTagCount);

export const ZSampleImage = z.object({
  id: z.number().int(),
  urlThumb: z.string(),
  urlSmall: z.string(),
  urlMedium: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbhash: z.string().nullable(),
});

/** GET /api/v1/explore/tags: the most used tags with a sample image, and the rest. */
export const ZExploreTags = z.object({
  featured: z.array(ZTagCount.extend({ sampleImage: ZSampleImage })),
  other: z.array(ZTagCount),
});
export type ExploreTags = z.infer<typeof ZExploreTags>;

export const EXPLORE_FEATURED_COUNT = 8;
