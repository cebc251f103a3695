import { z } from "zod";
import { isOneLine, shownText } from "../text.js";

type StringParams = Parameters<typeof z.string>[0];

/**
 * Free text a person typed, as every schema reads it: composed (NFC) and trimmed, before any
 * check chained after it. Typed decomposed (a letter, then its accent as a separate mark, as
 * macOS often sends it), "é" was stored so and counted twice against a length limit: 51 of them
 * broke a 100-character name.
 */
export const zTypedText = (params?: StringParams) => z.string(params).normalize("NFC").trim();

/**
 * Typed text that pages show as written, titles and descriptions: as zTypedText, and without
 * the format characters that could hide or reverse it (shownText).
 */
export const zShownText = (params?: StringParams) => z.string(params).overwrite(shownText);

/**
 * Shown text that is one line, a title or a name: as zShownText, and refused with `message` when
 * it holds a control character or a line break (isOneLine). An admin's title with CR and LF went
 * into a mail's subject and the page's <title> as typed (round 40).
 */
export const zOneLine = (message: string, params?: StringParams) =>
  zShownText(params).refine(isOneLine, message);
