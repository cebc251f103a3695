import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { ContentRaterLike } from "../../modules/images/analysis.service.js";
import { VisionClient } from "./vision.js";

export interface Analysers {
  vision?: VisionClient;
  rater: () => Promise<ContentRaterLike | null>;
}

/**
 * The optional vision model (AI_BASE_URL) and the content rater. The rater (TensorFlow.js, about
 * 220 MB once loaded) is imported on first use, so a process that never analyses never loads it;
 * if it cannot load here, analysis goes on without a rating and says so in the log.
 */
export function openAnalysers(
  config: Pick<Config, "ai">,
  log: Pick<FastifyBaseLogger, "warn">,
): Analysers {
  let rater: Promise<ContentRaterLike | null> | undefined;
  return {
    vision: config.ai
      ? new VisionClient({
          baseUrl: config.ai.baseUrl,
          apiKey: config.ai.apiKey,
          model: config.ai.model,
        })
      : undefined,
    rater: () =>
      (rater ??= import("./rating/content-rating.js")
        .then(async ({ ContentRater, isSensitive }) => {
          const loaded = await ContentRater.create();
          return {
            rate: async (pixels) => {
              const result = await loaded.rate(pixels);
              return { ...result, sensitive: isSensitive(result.nsfw) };
            },
          } satisfies ContentRaterLike;
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, "content rating is unavailable; images are analysed without it");
          return null;
        })),
  };
}
