import { z } from "zod";

/** One usage figure: what was used this period and the limit (null: unlimited). */
const ZUsageFigure = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/**
 * GET /api/v1/usage: the signed-in member's usage this period (design section 4: the calendar month
 * in UTC), for the dashboard's usage cards.
 */
export const ZUsage = z.object({
  /** YYYY-MM, UTC. */
  period: z.string(),
  /** ISO date (YYYY-MM-DD) of the first day of the next UTC month. */
  resetsOn: z.string(),
  /**
   * Downloads and their bytes: with a limit (a free member), what it counts, the downloads made
   * while free; with none, every download this month.
   */
  downloads: ZUsageFigure,
  bandwidthBytes: ZUsageFigure,
  collections: ZUsageFigure,
  /** Downloads in the previous month, and this month's change against it in percent (null when the previous month had none). */
  previousMonthDownloads: z.number().int(),
  downloadsChangePercent: z.number().nullable(),
});
export type Usage = z.infer<typeof ZUsage>;
