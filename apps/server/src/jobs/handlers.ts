import { ANALYZE_JOB } from "../modules/images/images.constants.js";
import type { Services } from "../services.js";
import type { JobHandler } from "./worker.js";

/** Every kind of background job and what runs it. */
export function jobHandlers(services: Services): Record<string, JobHandler> {
  return {
    [ANALYZE_JOB]: async ({ imageId, attempt, maxAttempts }) => {
      if (imageId !== null)
        await services.analysis.analyze(imageId, { number: attempt, max: maxAttempts });
    },
  };
}
