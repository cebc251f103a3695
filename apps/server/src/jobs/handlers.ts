import { PASSWORD_RESET_JOB } from "../modules/accounts/accounts.service.js";
import { ANALYZE_JOB, THUMBS_BATCH, THUMBS_JOB } from "../modules/images/images.constants.js";
import { MAIL_JOB, type MailMessage } from "../modules/mail/mail.constants.js";
import type { Services } from "../services.js";
import type { JobHandler } from "./worker.js";

/** Every kind of background job and what runs it. */
export function jobHandlers(services: Services): Record<string, JobHandler> {
  return {
    [ANALYZE_JOB]: async ({ imageId, attempt, maxAttempts, willRetry }) => {
      if (imageId !== null)
        await services.analysis.analyze(imageId, { number: attempt, max: maxAttempts, willRetry });
    },
    // The tile's rendition of images stored before it (migration 0036), a batch at a time: the
    // next batch is queued first, so an image that fails does not stop the others.
    [THUMBS_JOB]: async ({ payload }) => {
      const { beforeId } = payload as { beforeId: number | null };
      const result = await services.renditions.makeMissingThumbs(beforeId, THUMBS_BATCH);
      if (result.nextBeforeId !== null) {
        await services.jobs.enqueue(
          THUMBS_JOB,
          null,
          { beforeId: result.nextBeforeId },
          1,
          services.clock.now(),
        );
        services.hooks.onJobQueued?.();
      }
      if (result.failed.length > 0) {
        const which = result.failed.map((f) => `${f.imageId} (${f.error})`).join(", ");
        throw new Error(`thumb not made for image ${which}`);
      }
    },
    // Sends (or, without SMTP_URL, keeps in the outbox) one mail; a failure is retried.
    [MAIL_JOB]: async ({ id, payload }) => {
      const { requestId: _requestId, ...message } = payload as MailMessage & { requestId?: string };
      await services.mail.deliver(id, message);
    },
    // Answers a "forgot password" request: mails a link if an account uses the address.
    [PASSWORD_RESET_JOB]: async ({ payload }) => {
      await services.accounts.sendPasswordReset((payload as { email: string }).email);
    },
  };
}
