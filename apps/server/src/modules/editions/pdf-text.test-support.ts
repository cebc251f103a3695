import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFNumber,
  type PDFRawStream,
  PDFRef,
  type StandardFonts,
} from "pdf-lib";

/*
 * Reading a PDF's text back, for tests: pdf-lib writes text but cannot read it, and pdf.js is not
 * installed. Enough for pdf-lib's own output: `Tf`, `Tm`, `Td`, `TL`, `T*` and `Tj` with hex
 * strings, standard (WinAnsi) and composite (Identity-H, ToUnicode) fonts.
 */

/** One string shown on the page (a `Tj`), where it starts and how wide it prints. */
export interface Shown {
  text: string;
  /** The glyph codes as drawn (a CID font's glyph ids), left to right. */
  codes: number[];
  /** What each code stands for (its ToUnicode entry). */
  chars: string[];
  x: number;
  y: number;
  width: number;
  size: number;
}

interface FontReader {
  decode(bytes: number[]): { codes: number[]; chars: string[] };
  width(codes: number[], size: number): number;
}

/**
 * What the page shows, read back from the PDF itself (pdf-lib writes but cannot read text): the
 * content stream's text operators, the fonts' ToUnicode maps and glyph widths, and the standard
 * fonts' metrics for PDFs drawn with those.
 */
export async function shownText(bytes: Uint8Array): Promise<Shown[]> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const fonts = new Map<string, FontReader>();
  const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const dict = doc.context.lookup(ref, PDFDict);
    fonts.set(name.decodeText(), await fontReader(dict));
  }
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const program = streams
    .map((ref) => {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      return Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1");
    })
    .join("\n");

  const shown: Shown[] = [];
  let font: FontReader | undefined;
  let size = 0;
  let leading = 0;
  let [x, y] = [0, 0];
  const operands: string[] = [];
  for (const token of program.match(/<[0-9a-fA-F\s]*>|\/[^\s/<>[\]()]+|\[|\]|[^\s/<>[\]()]+/g) ??
    []) {
    if (!/^[A-Za-z'"*]+$/.test(token) || token === "[" || token === "]") {
      operands.push(token);
      continue;
    }
    const args = operands.splice(0);
    if (token === "Tf") {
      font = fonts.get(args[0]?.slice(1) ?? "");
      size = Number(args[1]);
    } else if (token === "TL") leading = Number(args[0]);
    else if (token === "Tm") [x, y] = [Number(args[4]), Number(args[5])];
    else if (token === "Td") [x, y] = [x + Number(args[0]), y + Number(args[1])];
    else if (token === "T*") y -= leading;
    else if (token === "Tj") {
      if (!font) throw new Error("text shown before a font was set");
      const hex = args[0] ?? "";
      const raw = Buffer.from(hex.slice(1, -1).replace(/\s/g, ""), "hex");
      const { codes, chars } = font.decode([...raw]);
      shown.push({
        text: chars.join(""),
        codes,
        chars,
        x,
        y,
        width: font.width(codes, size),
        size,
      });
    } else if (token === "TJ") throw new Error("TJ is not read here");
  }
  return shown;
}

async function fontReader(dict: PDFDict): Promise<FontReader> {
  const subtype = dict.lookup(PDFName.of("Subtype"), PDFName).decodeText();
  if (subtype === "Type1") {
    // A standard font: one byte a character, in WinAnsi; its metrics are pdf-lib's own.
    const name = dict.lookup(PDFName.of("BaseFont"), PDFName).decodeText();
    const metrics: PDFFont = await (await PDFDocument.create()).embedFont(name as StandardFonts);
    const winAnsi = new TextDecoder("windows-1252");
    return {
      decode: (bytes) => ({
        codes: bytes,
        chars: bytes.map((byte) => winAnsi.decode(Uint8Array.of(byte))),
      }),
      width: (codes, size) =>
        metrics.widthOfTextAtSize(winAnsi.decode(Uint8Array.from(codes)), size),
    };
  }
  // A composite (Type0) font: two-byte glyph ids, a ToUnicode map and the descendant's widths.
  const toUnicode = dict.lookup(PDFName.of("ToUnicode")) as PDFRawStream;
  const cmap = Buffer.from(decodePDFRawStream(toUnicode).decode()).toString("latin1");
  const unicodeOf = new Map<number, string>();
  for (const [, glyph = "", utf16 = ""] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
    unicodeOf.set(
      Number.parseInt(glyph, 16),
      Buffer.from(utf16, "hex").swap16().toString("utf16le"),
    );
  }
  const descendant = dict.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
  const widths = new Map<number, number>();
  const w = descendant.lookup(PDFName.of("W"), PDFArray).asArray();
  for (let i = 0; i < w.length; ) {
    const first = (w[i] as PDFNumber).asNumber();
    const next = w[i + 1];
    if (next instanceof PDFArray) {
      for (const [k, width] of next.asArray().entries()) {
        widths.set(first + k, (width as PDFNumber).asNumber());
      }
      i += 2;
    } else {
      const last = (next as PDFNumber).asNumber();
      for (let code = first; code <= last; code++) {
        widths.set(code, (w[i + 2] as PDFNumber).asNumber());
      }
      i += 3;
    }
  }
  const fallbackWidth = descendant.lookup(PDFName.of("DW"))?.toString() ?? "1000";
  return {
    decode: (bytes) => {
      const codes: number[] = [];
      for (let i = 0; i + 1 < bytes.length; i += 2)
        codes.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
      return { codes, chars: codes.map((code) => unicodeOf.get(code) ?? "\u0000") };
    },
    width: (codes, size) =>
      (codes.reduce((sum, code) => sum + (widths.get(code) ?? Number(fallbackWidth)), 0) * size) /
      1000,
  };
}

/** The page's lines, top to bottom: the strings drawn on one baseline, left to right. */
export function linesOf(
  shown: Shown[],
): { y: number; size: number; text: string; runs: Shown[] }[] {
  const byY = new Map<number, Shown[]>();
  for (const run of shown) {
    const key = Math.round(run.y * 100) / 100;
    byY.set(key, [...(byY.get(key) ?? []), run]);
  }
  return [...byY.entries()]
    .sort(([a], [b]) => b - a)
    .map(([y, runs]) => {
      const sorted = runs.sort((a, b) => a.x - b.x);
      return {
        y,
        size: Math.max(...sorted.map((run) => run.size)),
        text: sorted.map((run) => run.text).join(""),
        runs: sorted,
      };
    });
}
