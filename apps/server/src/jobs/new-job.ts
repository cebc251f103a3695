import type { Insertable } from "kysely";
import type { JobsTable } from "../db/schema.js";

/**
 * A job row, pending and due now: what every enqueue writes (in its own transaction or not).
 * A job enqueued while serving a request carries that request's id in its payload (`requestId`),
 * put there by the route's service call, and the worker logs it with the job.
 */
export function newJobRow(
  kind: string,
  imageId: number | null,
  payload: unknown,
  maxAttempts: number,
  now: number,
): Insertable<JobsTable> {
  return {
    kind,
    payload: JSON.stringify(payload),
    image_id: imageId,
    status: "pending",
    max_attempts: maxAttempts,
    run_at: now,
    created_at: now,
    updated_at: now,
  };
}
