import { z } from "zod";

/** Every error response of the API (design section 4). */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof ZApiError>;
