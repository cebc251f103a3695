import { z } from "zod";

/** GET /healthz: the process answers. */
export const ZLiveness = z.object({ status: z.literal("ok") });

/** GET /readyz: whether the database answers too (503 when it does not). */
export const ZReadiness = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.boolean(),
});
export type Readiness = z.infer<typeof ZReadiness>;
