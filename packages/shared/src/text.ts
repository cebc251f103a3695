import { BYTE_UNITS } from "./constants.js";

/**
 * Spec section 5 "Filters": lower-case, trim, drop punctuation, spaces become hyphens. Composed
 * first (NFC), so a tag typed with a separate accent mark is the same tag as one typed with an
 * accented letter, rather than losing its accent. Combining marks that compose with nothing
 * (Devanagari, Tamil and Thai vowel signs) are kept with the letter they follow: without them
 * "हिन्दी" became "हनद". A mark whose own character goes (an emoji's variation selector, a mark
 * after punctuation or at a word's start) goes with it, and so do the characters that draw nothing
 * (joiners, variation selectors) and the enclosing marks of keycap emoji: else "🏳️‍🌈pride" kept
 * an invisible U+FE0F, a tag no link reached. Lower-cased as foldCase says.
 */
export function slugifyTag(tag: string): string {
  const slug = foldCase(
    tag.normalize("NFC").replace(/[\p{Default_Ignorable_Code_Point}\p{Me}]/gu, ""),
  )
    .trim()
    .replace(/^#+/, "")
    .replace(/(?<![\p{L}\p{N}\p{M}])\p{M}+/gu, "")
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
  // Marks are part of words in many scripts (Hindi's vowel signs, Thai's tones), but a tag of
  // marks and hyphens alone says nothing.
  return /[\p{L}\p{N}]/u.test(slug) ? slug : "";
}

/**
 * Lower case as tags and styles are compared. The capital dotted I (Turkish "İzmir") lower-cases
 * to "i" and a combining dot above, which made "İzmir" a tag of its own beside "izmir", one no
 * link reached: the dot goes.
 */
function foldCase(text: string): string {
  return text.toLowerCase().replace(/i\u0307/g, "i");
}

/**
 * Format characters (Unicode's Cf) that hide or reorder text: the bidi controls (a right-to-left
 * override reverses what follows it in a page's title), zero-width spaces, word joiners, tag
 * characters. Only a zero-width joiner or non-joiner between two visible characters is kept:
 * Persian writes "علی‌رضا" with one, Bengali and other Indic scripts choose a conjunct's form with
 * them, and emoji sequences (👨‍👩‍👧, 🏳️‍🌈) are joined by them. Tag characters are kept only in a
 * flag's tag sequence (a black flag, its tags, a cancel tag: 🏴 Scotland, England, Wales).
 */
const HIDDEN_FORMATTING =
  /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|((?<=[\p{L}\p{M}\p{N}\p{S}\p{P}])[\u200C\u200D](?=[\p{L}\p{N}\p{S}\p{P}]))|\p{Cf}/gu;

/** `text` without the format characters that could hide or reorder it (HIDDEN_FORMATTING). */
export function withoutHiddenFormatting(text: string): string {
  return text.replace(
    HIDDEN_FORMATTING,
    (_char, flag: string | undefined, joiner: string | undefined) => flag ?? joiner ?? "",
  );
}

/** Whether `text` holds a format character that could hide or reorder it (HIDDEN_FORMATTING). */
export function hasHiddenFormatting(text: string): boolean {
  return withoutHiddenFormatting(text) !== text;
}

/**
 * Text as pages show it, an image's title or description: composed (NFC), without the format
 * characters that could hide or reverse it (a right-to-left override reversed the page's <title>
 * and og:title), trimmed.
 */
export function shownText(text: string): string {
  return withoutHiddenFormatting(text.normalize("NFC")).trim();
}

/**
 * Control characters (Unicode's Cc: tab, CR and LF, BEL, DEL, the C1 set with NEL U+0085) and the
 * line and paragraph separators (U+2028, U+2029): none belongs in a one-line text, a title or a
 * name, which becomes a page's <title> and a mail's subject.
 */
const LINE_BREAKING = "\\p{Cc}\\u2028\\u2029";
const BREAKS_A_LINE = new RegExp(`[${LINE_BREAKING}]`, "u");
/** A line break or control character with the spaces around it (oneLineText). */
const LINE_BREAK_AND_SPACES = new RegExp(
  `[\\s${LINE_BREAKING}]*[${LINE_BREAKING}][\\s${LINE_BREAKING}]*`,
  "gu",
);

/** Whether `text` fits on one line: no control character, no line or paragraph separator. */
export function isOneLine(text: string): boolean {
  return !BREAKS_A_LINE.test(text);
}

/** `text` on one line: each line break or control character, with the spaces around it, one space. */
export function oneLineText(text: string): string {
  return text.replace(LINE_BREAK_AND_SPACES, " ");
}

/**
 * How long `text` is as the schemas' length limits count it: in characters (code points) of the
 * text as shown (`shownText`: composed, without hidden formatting, trimmed), so an emoji is one
 * where `String.length` says two, and a trailing line break or a zero-width space is none. A
 * form's counter that showed `.length` read a bio of 300 emoji as "600 / 500", in red, though
 * the server took it (rounds 46 and 50).
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of shownText(text)) count += 1;
  return count;
}

/**
 * Characters Unicode calls letters or symbols that draw nothing: the Hangul fillers (U+115F,
 * U+1160, U+3164, U+FFA0) and the blank braille pattern (U+2800). A name of these alone looks
 * empty wherever it is shown.
 */
const BLANK_LOOKING = /[\u115F\u1160\u2800\u3164\uFFA0]/gu;

/** Whether `text` has something a person can see of the kind `visible` matches (one character). */
export function showsSomething(text: string, visible: RegExp): boolean {
  return visible.test(text.replace(BLANK_LOOKING, ""));
}

/** A tag as people read it: hyphens become spaces, each word capitalised ("still-life" → "Still Life"). */
export function tagLabel(tag: string): string {
  return tag
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * The heading of `/tag/{tag}` for the text of its address: the tag's label, or, when the text
 * makes no tag (emoji, punctuation), that text without control characters and hidden formatting
 * (withoutHiddenFormatting), so no address can reverse or hide the page's title (a right-to-left
 * override).
 */
export function tagHeading(addressText: string): string {
  return (
    tagLabel(slugifyTag(addressText)) ||
    withoutHiddenFormatting(addressText.replace(/\p{Cc}/gu, "")).trim()
  );
}

/** A style as filters and facets compare it: composed (NFC), lower-cased (foldCase), trimmed. */
export function normalizeStyle(style: string): string {
  return foldCase(style.normalize("NFC")).trim();
}

/** The colour filter drops the leading '#' (and we compare hex in lower case). */
export function normalizeColor(color: string): string {
  return color.trim().replace(/^#/, "").toLowerCase();
}

/** Dollars typed by a person → integer cents (times 100, rounded). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * A whole count with thousands separators, as en-US writes it: 1234567 → "1,234,567". Grouped by
 * hand: a browser's first `toLocaleString` loads its number formatting, which took ~35 ms of the
 * share page's main thread on a phone (140 ms under Lighthouse's 4× slowdown).
 */
export function groupDigits(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return count < 0 ? `-${digits}` : digits;
}

/** Integer cents → "12.50" (cents divided by 100 with 2 decimals). */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Bytes → "1.5 MB", with units from Bytes to TB. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const i = Math.max(
    0,
    Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1),
  );
  const value = bytes / 1024 ** i;
  return `${Number.parseFloat(value.toFixed(decimals))} ${BYTE_UNITS[i]}`;
}

/** The values without repeats, in first-seen order. */
export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/** For optional text fields: absent stays absent (nothing changes), blank becomes null (cleared). */
export function blankToNull(text: string | null | undefined): string | null | undefined {
  return text === undefined ? undefined : text || null;
}
