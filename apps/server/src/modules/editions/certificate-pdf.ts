import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit, { type Font as Face, type GlyphRun } from "@pdf-lib/fontkit";
import {
  type Certificate,
  DEFAULT_SITE_SETTINGS,
  EDITION_LABELS,
  type EditionType,
  formatUtcDay,
  LICENCE_LABELS,
} from "@sawdust/shared";
import bidiFactory, { type BidiCharTypeName } from "bidi-js";
import { PDFDocument, type PDFFont, type RGB, rgb } from "pdf-lib";

/**
 * DejaVu (Bitstream Vera licence, from the `dejavu-fonts-ttf` package): Latin, Greek, Cyrillic,
 * Armenian and Georgian in every face, Arabic and Hebrew in the sans. Embedded as subsets, so a
 * certificate carries only the glyphs it prints.
 */
const FONT_FILES = {
  serif: "DejaVuSerif.ttf",
  serifBold: "DejaVuSerif-Bold.ttf",
  sans: "DejaVuSans.ttf",
  sansBold: "DejaVuSans-Bold.ttf",
  mono: "DejaVuSansMono.ttf",
} as const;
type FontKey = keyof typeof FONT_FILES;

/** Each style's faces in the order tried for a character: the serif has no Arabic or Hebrew. */
const STYLES = {
  regular: ["serif", "sans"],
  bold: ["serifBold", "sansBold"],
  mono: ["mono", "sans"],
} as const satisfies Record<string, readonly FontKey[]>;
type Style = keyof typeof STYLES;

const PAGE = { width: 595.28, height: 841.89 };
const BORDER = { x: 36, y: 36, width: 523, height: 770 };
const TEXT = { left: 60, width: 475, top: 760, bottom: 60 };
/** The title shrinks, step by step, until the page holds it (a very long title). */
const TITLE_SIZES = [18, 16, 14, 12, 10];
/**
 * More of a title than the page could hold at its smallest size (about 30 lines of 90): only this
 * much is set, so a title of any length costs no more than a full page (a title of 100,000
 * characters once took seconds and then the heap).
 */
const TITLE_SET_MAX = 3_000;
/** More characters than any line holds, in the narrowest face at the smallest size. */
const LINE_GRAPHEMES_MAX = 300;
const REPLACEMENT = "\uFFFD";
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

interface LoadedFont {
  bytes: Uint8Array;
  face: Face;
}
let fonts: Promise<Record<FontKey, LoadedFont>> | undefined;

/** The fonts, read and parsed once a process (they come from node_modules: nothing downloads). */
function loadFonts(): Promise<Record<FontKey, LoadedFont>> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const load = async (file: string): Promise<LoadedFont> => {
      const bytes = await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
      return { bytes, face: fontkit.create(bytes) };
    };
    const keys = Object.keys(FONT_FILES) as FontKey[];
    const loaded = await Promise.all(keys.map((key) => load(FONT_FILES[key])));
    return Object.fromEntries(keys.map((key, i) => [key, loaded[i]])) as Record<
      FontKey,
      LoadedFont
    >;
  })();
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

/** The certificate of authenticity as a one-page A4 PDF (its page's content, for printing). */
export async function certificatePdf(
  c: Certificate,
  options: { siteName?: string } = {},
): Promise<Uint8Array> {
  const siteName = options.siteName?.trim() || DEFAULT_SITE_SETTINGS.siteName;
  const setter = new Typesetter(await loadFonts());
  const page = layOutPage(setter, c, siteName);

  const pdf = await PDFDocument.create();
  // pdf-lib lays text out again when it draws: with the faces measured here, already parsed.
  const faces = new Map(Object.values(setter.fonts).map(({ bytes, face }) => [bytes, face]));
  pdf.registerFontkit({ create: (bytes) => faces.get(bytes) ?? fontkit.create(bytes) });
  pdf.setTitle(`Certificate of authenticity: ${c.title.normalize("NFC")}`);
  pdf.setAuthor(siteName);
  const sheet = pdf.addPage([PAGE.width, PAGE.height]);
  sheet.drawRectangle({ ...BORDER, borderColor: MUTED, borderWidth: 1 });
  const embedded = new Map<FontKey, PDFFont>();
  for (const line of page) {
    let x = line.rtl ? TEXT.left + TEXT.width - line.width : TEXT.left;
    for (const piece of line.pieces) {
      let font = embedded.get(piece.font);
      if (!font) {
        font = await pdf.embedFont(setter.fonts[piece.font].bytes, { subset: true });
        embedded.set(piece.font, font);
      }
      sheet.drawText(piece.text, { x, y: line.y, size: line.size, font, color: line.colour });
      x += piece.width;
    }
  }
  return pdf.save();
}

interface Paragraph {
  text: string;
  style: Style;
  size: number;
  colour?: RGB;
  /** Extra room above it. */
  gap?: number;
}
type SetParagraph = Paragraph & { lines: SetLine[] };
interface PlacedLine extends SetLine {
  y: number;
  size: number;
  colour: RGB;
}

/**
 * The page's lines, each at its baseline. A paragraph's lines stand 1.25 sizes apart and the
 * next paragraph starts size + 12 below its last line. The title shrinks to fit the page and, past
 * its smallest size, is cut; that, or a character no font has (printed as U+FFFD), adds a note
 * that the verify link shows it all.
 */
function layOutPage(setter: Typesetter, c: Certificate, siteName: string): PlacedLine[] {
  const edition = c.total === null ? `No. ${c.number}` : `No. ${c.number} of ${c.total}`;
  const type = EDITION_LABELS[c.editionType as EditionType] ?? "Limited Edition";
  // Written as every date on the site ("Mar 1, 2025"), as the verify page writes it.
  const soldOn = formatUtcDay(Date.parse(c.purchasedAt));
  const head: Paragraph[] = [
    { text: siteName.toUpperCase(), style: "bold", size: 14, colour: MUTED },
    { text: "Certificate of Authenticity", style: "bold", size: 26 },
  ];
  const body: Paragraph[] = [
    { text: `${type} · ${edition}`, style: "regular", size: 12 },
    { text: `Licence: ${LICENCE_LABELS[c.licence]}`, style: "regular", size: 12 },
    { text: `Collected by: ${c.buyer}`, style: "regular", size: 12 },
    { text: `Date of sale: ${soldOn} (UTC)`, style: "regular", size: 12 },
    { text: "SHA-256 of the original file:", style: "regular", size: 11, colour: MUTED, gap: 10 },
    { text: c.originalSha256 || "(not recorded)", style: "mono", size: 9 },
  ];
  const verify: Paragraph[] = [
    { text: "Verify this certificate at:", style: "regular", size: 11, colour: MUTED, gap: 10 },
    { text: c.verifyUrl, style: "mono", size: 10 },
    { text: `Certificate id: ${c.id}`, style: "mono", size: 9, colour: MUTED },
  ];
  const note = (replaced: boolean, cut: boolean): Paragraph => ({
    text: [
      replaced && `Characters this PDF cannot print are shown as ${REPLACEMENT}.`,
      cut && "The title is too long for the page and is cut short.",
      "The page at the verify link shows it all.",
    ]
      .filter(Boolean)
      .join(" "),
    style: "regular",
    size: 10,
    colour: MUTED,
    gap: 10,
  });

  const set = (paragraphs: Paragraph[]): SetParagraph[] =>
    paragraphs.map((p) => ({ ...p, lines: setter.setParagraph(p.text, p.style, p.size) }));
  const height = (ps: SetParagraph[]) =>
    ps.reduce(
      (sum, p) => sum + (p.gap ?? 0) + (p.lines.length - 1) * p.size * 1.25 + p.size + 12,
      0,
    );
  const [setHead, setBody, setVerify] = [set(head), set(body), set(verify)];
  // The title's room: the page less every other paragraph, the longest note counted in.
  const others = [...setHead, ...setBody, ...setVerify, ...set([note(true, true)])];
  const room = TEXT.top - TEXT.bottom - height(others);
  const titleText = Array.from(c.title).slice(0, TITLE_SET_MAX).join("");
  const titleAt = (size: number): SetParagraph => ({
    text: titleText,
    style: "bold",
    size,
    gap: 10,
    lines: setter.setParagraph(titleText, "bold", size),
  });
  let title = titleAt(TITLE_SIZES[0] ?? 18);
  for (const size of TITLE_SIZES.slice(1)) {
    if (height([title]) <= room) break;
    title = titleAt(size);
  }
  const fits = Math.max(1, Math.floor((room - 10 - title.size - 12) / (title.size * 1.25)) + 1);
  const cut = title.lines.length > fits || titleText.length < c.title.length;
  if (cut) title.lines = setter.setCut(titleText, "bold", title.size, fits);

  const notes = setter.replacedAny || cut ? set([note(setter.replacedAny, cut)]) : [];
  const paragraphs: SetParagraph[] = [...setHead, title, ...setBody, ...notes, ...setVerify];
  const placed: PlacedLine[] = [];
  let y = TEXT.top;
  for (const p of paragraphs) {
    y -= p.gap ?? 0;
    p.lines.forEach((line, i) => {
      if (i > 0) y -= p.size * 1.25;
      placed.push({ ...line, y, size: p.size, colour: p.colour ?? INK });
    });
    y -= p.size + 12;
  }
  return placed;
}

/** A string drawn in one font, in visual order, and its width. */
interface Piece {
  text: string;
  font: FontKey;
  width: number;
}
/** A line as drawn left to right; an `rtl` one sets against the right margin. */
interface SetLine {
  pieces: Piece[];
  width: number;
  rtl: boolean;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** Invisible format characters (Default_Ignorable_Code_Point) a face may lack; ZWNJ stays. */
const IGNORABLE: [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200b],
  [0x200d, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];
const isIgnorable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return IGNORABLE.some(([first, last]) => code >= first && code <= last);
};

/**
 * Sets text in the embedded faces: NFC, one space for any run of spaces and controls, each
 * character in the first face of its style that has it (else U+FFFD), lines broken at spaces and
 * within a word too long for one, and each line put in visual order (the Unicode Bidirectional
 * Algorithm, by bidi-js) for Arabic and Hebrew, which fontkit shapes (joins) and reverses run by run.
 */
class Typesetter {
  /** Whether anything was printed as U+FFFD. */
  replacedAny = false;

  constructor(readonly fonts: Record<FontKey, LoadedFont>) {}

  setParagraph(text: string, style: Style, size: number): SetLine[] {
    const { rtl, lines } = this.breakLines(text, style, size);
    return lines.map((line) => this.setLine(line.join(""), style, size, rtl));
  }

  /** The first `count` lines of a paragraph, the last cut short with an ellipsis. */
  setCut(text: string, style: Style, size: number, count: number): SetLine[] {
    const { rtl, lines } = this.breakLines(text, style, size);
    const kept = lines.slice(0, count);
    const last = kept.pop() ?? [];
    const cut = () => `${last.join("").trimEnd()}…`;
    while (last.length > 0 && this.setLine(cut(), style, size, rtl).width > TEXT.width) last.pop();
    return [...kept.map((line) => line.join("")), cut()].map((line) =>
      this.setLine(line, style, size, rtl),
    );
  }

  /** Lines in logical order, as graphemes: broken at spaces, and within a word wider than one. */
  private breakLines(text: string, style: Style, size: number) {
    const graphemes = this.printable(text, style);
    const rtl = isRightToLeft(graphemes.join(""));
    const fits = (line: string[]) =>
      this.setLine(line.join(""), style, size, rtl).width <= TEXT.width;
    const lines: string[][] = [];
    let line: string[] = [];
    for (const word of splitWords(graphemes)) {
      const candidate = line.length === 0 ? word : [...line, " ", ...word];
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line.length > 0) lines.push(line);
      // A word wider than a line: as many of its characters as fit, line after line. No line
      // holds more than LINE_GRAPHEMES_MAX, so each step measures at most that many.
      let rest = word;
      while (rest.length > LINE_GRAPHEMES_MAX || !fits(rest)) {
        let [low, high] = [1, Math.min(rest.length - 1, LINE_GRAPHEMES_MAX)];
        while (low < high) {
          const mid = Math.ceil((low + high) / 2);
          if (fits(rest.slice(0, mid))) low = mid;
          else high = mid - 1;
        }
        lines.push(rest.slice(0, low));
        rest = rest.slice(low);
      }
      line = rest;
    }
    if (line.length > 0 || lines.length === 0) lines.push(line);
    return { rtl, lines };
  }

  /** The text as graphemes every one of which some face of the style can draw. */
  private printable(text: string, style: Style): string[] {
    const clean = text
      .normalize("NFC")
      .replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
      .trim();
    return [...segmenter.segment(clean)].map(({ segment }) => {
      const shown = Array.from(segment)
        .filter((char) => !isIgnorable(char))
        .join("");
      if (shown === "") return "";
      if (STYLES[style].some((key) => this.covers(key, shown))) return shown;
      this.replacedAny = true;
      return REPLACEMENT;
    });
  }

  private readonly drawable = new Map<string, boolean>();

  /**
   * Whether the face has every character of the grapheme and can lay it out: @pdf-lib/fontkit's
   * Indic and Universal shapers throw (pdf-lib issue 1419: `regeneratorRuntime is not defined`),
   * so a script that goes through them (Tifinagh, here) prints as U+FFFD.
   */
  private covers(key: FontKey, grapheme: string): boolean {
    const memo = `${key} ${grapheme}`;
    let drawable = this.drawable.get(memo);
    if (drawable === undefined) {
      const face = this.fonts[key].face;
      drawable = Array.from(grapheme).every((char) =>
        face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0),
      );
      try {
        if (drawable) face.layout(grapheme);
      } catch {
        drawable = false;
      }
      this.drawable.set(memo, drawable);
    }
    return drawable;
  }

  /**
   * One line's pieces in visual order: its levels resolved in its paragraph's direction, its
   * characters mirrored where right to left (L4) and its graphemes reordered (L2), each run of one
   * level split by face. bidi-js counts UTF-16 code units: a grapheme takes the level of its first
   * and goes where its first goes, so surrogate pairs and marks stay with their base.
   */
  private setLine(text: string, style: Style, size: number, rtl: boolean): SetLine {
    const input = bidiInput(text);
    const embedding = bidi.getEmbeddingLevels(input, rtl ? "rtl" : "ltr");
    let mirrored = text;
    for (const [i, char] of bidi.getMirroredCharactersMap(text, embedding.levels)) {
      if (STYLES[style].some((key) => this.covers(key, char))) {
        mirrored = mirrored.slice(0, i) + char + mirrored.slice(i + 1);
      }
    }
    const graphemes: { segment: string; level: number }[] = [];
    const graphemeOfUnit: number[] = [];
    for (const { segment, index } of segmenter.segment(mirrored)) {
      graphemeOfUnit.push(...new Array<number>(segment.length).fill(graphemes.length));
      graphemes.push({ segment, level: embedding.levels[index] ?? 0 });
    }
    const visualOrder = new Set(
      bidi.getReorderedIndices(input, embedding).map((unit) => graphemeOfUnit[unit] ?? 0),
    );
    // Runs of one level, each in logical order again: a right-to-left one is reversed when drawn.
    const runs: { level: number; segments: string[] }[] = [];
    for (const i of visualOrder) {
      const { segment, level } = graphemes[i] as (typeof graphemes)[number];
      const last = runs.at(-1);
      if (last?.level === level) last.segments.push(segment);
      else runs.push({ level, segments: [segment] });
    }
    const pieces = runs.flatMap(({ level, segments }) => {
      const reversed = level % 2 === 1;
      if (reversed) segments.reverse();
      return this.piecesOf(segments.join(""), reversed, style, size);
    });
    return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0), rtl };
  }

  /** A run's pieces in visual order, one a face: an odd (right-to-left) run drawn reversed. */
  private piecesOf(text: string, reversed: boolean, style: Style, size: number): Piece[] {
    const chunks: { font: FontKey; text: string }[] = [];
    for (const { segment } of segmenter.segment(text)) {
      const last = chunks.at(-1);
      // Spaces, punctuation and marks stay in the face around them, so a word shapes as one.
      if (last && !/[\p{L}\p{N}]/u.test(segment) && this.covers(last.font, segment)) {
        last.text += segment;
        continue;
      }
      const font = STYLES[style].find((key) => this.covers(key, segment)) ?? STYLES[style][0];
      if (last?.font === font) last.text += segment;
      else chunks.push({ font, text: segment });
    }
    if (reversed) chunks.reverse();
    return chunks.map(({ font, text }) => this.piece(font, text, reversed, size));
  }

  private readonly measured = new Map<string, Piece>();

  /** One face's piece, reversed if it must be, at 1 pt (memoised: lines are measured often). */
  private piece(font: FontKey, text: string, reversed: boolean, size: number): Piece {
    const key = `${font} ${reversed} ${text}`;
    let piece = this.measured.get(key);
    if (!piece) {
      const face = this.fonts[font].face;
      // fontkit reverses a run of a right-to-left script itself (after shaping it); anything else
      // that must read the other way round is reversed here, grapheme by grapheme.
      let drawn = text;
      let run: GlyphRun;
      try {
        run = face.layout(text);
        if (reversed !== (run.direction === "rtl")) {
          drawn = [...segmenter.segment(text)]
            .map((s) => s.segment)
            .reverse()
            .join("");
          run = face.layout(drawn);
        }
      } catch {
        // Graphemes that lay out alone but not together: never seen, but a certificate must print.
        this.replacedAny = true;
        drawn = REPLACEMENT.repeat([...segmenter.segment(text)].length);
        run = face.layout(drawn);
      }
      const advance = run.glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
      piece = { text: drawn, font, width: advance / face.unitsPerEm };
      this.measured.set(key, piece);
    }
    return { ...piece, width: piece.width * size };
  }
}

/** Words split at spaces, each a list of graphemes. */
function splitWords(graphemes: string[]): string[][] {
  const words: string[][] = [[]];
  for (const g of graphemes) {
    if (g === " ") words.push([]);
    else if (g !== "") words.at(-1)?.push(g);
  }
  return words.filter((word) => word.length > 0);
}

const bidi = bidiFactory();

/** A BMP character of each bidi class that characters past U+FFFF have (L is the default). */
const BMP_OF_CLASS: Partial<Record<BidiCharTypeName, string>> = {
  R: "\u05D0",
  AL: "\u0627",
  EN: "0",
  AN: "\u0660",
  ET: "#",
  NSM: "\u0300",
  BN: "\u200B",
  ON: "!",
};

/**
 * The text as bidi-js should read it. It reads by UTF-16 code unit, so both halves of a character
 * past U+FFFF would count as left to right (lojjic/bidi-js#9), DejaVu's Arabic mathematical
 * letters, emoji and mathematical digits among them: each stands as two BMP characters of its
 * class instead, the same length, so that indices still match.
 */
function bidiInput(text: string): string {
  return text.replace(/[\u{10000}-\u{10FFFF}]/gu, (char) =>
    (BMP_OF_CLASS[bidi.getBidiCharTypeName(char)] ?? "a").repeat(2),
  );
}

/** Right to left when the first strong character is (UAX #9, P2–P3). */
function isRightToLeft(text: string): boolean {
  const { paragraphs } = bidi.getEmbeddingLevels(bidiInput(text), "auto");
  return (paragraphs[0]?.level ?? 0) % 2 === 1;
}
