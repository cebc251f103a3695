import { unique } from "@sawdust/shared";
import type { Kysely } from "kysely";
import { nameOf } from "../../media/analysis/colour.js";
import { inTransaction, recountFacets } from "../catalogue-derived.js";
import type { DialectName } from "../dialect.js";

/** Images read at once. */
const BATCH = 1000;

/**
 * Each stored palette's swatches named again as the analysis now names them (colour.ts `nameOf`):
 * a colour with almost no chroma is black, gray or white, where the nearest hue had named a
 * slate grey "purple" and a warm light grey "beige". Only images whose names change are written:
 * the swatch names in `ai_analysis` and `list_analysis`, and the image's `color` facets (the
 * filter's values); the kept counts are counted again if any changed. Titles, descriptions and
 * tags written from the old names stay: they are words, and an admin's "Re-run analysis" (the
 * batch menu) writes them afresh.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  let after = 0;
  let changed = false;
  for (;;) {
    const rows: Array<{ id: number | string; list_analysis: string }> = await db
      .selectFrom("images")
      .select(["id", "list_analysis"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const renamed = rows.filter((row) => renamedPalette(row.list_analysis) !== undefined);
    if (renamed.length > 0) {
      changed = true;
      await inTransaction(db, async (trx) => {
        for (const { id } of renamed) {
          const row: { ai_analysis: string; list_analysis: string } | undefined = await trx
            .selectFrom("images")
            .select(["ai_analysis", "list_analysis"])
            .where("id", "=", id)
            .executeTakeFirst();
          if (!row) continue;
          const analysis = renamedPalette(row.ai_analysis);
          const list = renamedPalette(row.list_analysis);
          if (!analysis && !list) continue;
          await trx
            .updateTable("images")
            .set({
              ...(analysis ? { ai_analysis: JSON.stringify(analysis.stored) } : {}),
              ...(list ? { list_analysis: JSON.stringify(list.stored) } : {}),
            })
            .where("id", "=", id)
            .execute();
          const names = (analysis ?? list)?.names ?? [];
          await trx
            .deleteFrom("image_facets")
            .where("image_id", "=", id)
            .where("kind", "=", "color")
            .execute();
          if (names.length > 0) {
            await trx
              .insertInto("image_facets")
              .values(names.map((value) => ({ image_id: id, kind: "color", value })))
              .execute();
          }
        }
      });
    }
    after = Number(rows[rows.length - 1]?.id);
  }
  if (changed) await recountFacets(db);
}

/**
 * A stored analysis (JSON text) with its palette's swatches named again, and the palette's
 * names (each once, in order, as the analysis files them); undefined when no name changes or
 * there is no palette to read.
 */
function renamedPalette(
  json: string,
): { stored: Record<string, unknown>; names: string[] } | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return undefined;
  const palette = (stored as { palette?: unknown }).palette;
  if (!Array.isArray(palette)) return undefined;
  let renamed = false;
  const swatches = palette.map((swatch: unknown) => {
    const hex = (swatch as { hex?: unknown } | null)?.hex;
    if (typeof hex !== "string" || !/^[0-9a-f]{6}$/i.test(hex)) return swatch;
    const name = nameOf(
      Number.parseInt(hex.slice(0, 2), 16),
      Number.parseInt(hex.slice(2, 4), 16),
      Number.parseInt(hex.slice(4, 6), 16),
    );
    if ((swatch as { name?: unknown }).name === name) return swatch;
    renamed = true;
    return { ...(swatch as object), name };
  });
  if (!renamed) return undefined;
  const names = unique(
    swatches
      .map((swatch: unknown) => (swatch as { name?: unknown } | null)?.name)
      .filter((name): name is string => typeof name === "string"),
  );
  return { stored: { ...(stored as object), palette: swatches }, names };
}
