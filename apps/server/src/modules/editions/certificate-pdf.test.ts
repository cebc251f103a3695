import type { Certificate } from "@sawdust/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { certificatePdf } from "./certificate-pdf.js";
import { linesOf, type Shown, shownText } from "./pdf-text.test-support.js";

/** The page's printed border: nothing may be drawn past it. */
const BORDER = { left: 36, right: 559, bottom: 36, top: 806 };

const certificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  imageId: 7,
  title: "Quiet Harbour",
  editionType: "open_edition",
  number: 1,
  total: null,
  licence: "standard",
  buyer: "taro",
  purchasedAt: "2025-03-01T10:00:00.000Z",
  originalSha256: "ab".repeat(32),
  verifyUrl: "https://sawdust.example/verify/0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  pdfUrl: "/api/v1/certificates/0f1e2d3c4b5a69788796a5b4c3d2e1f0/pdf",
  ...overrides,
});

/**
 * Readable: every string inside the border, strings on one line side by side, and each line at
 * least a font size below the one above (closer, the two overprint).
 */
function expectReadable(shown: Shown[]) {
  for (const run of shown) {
    expect(run.x, run.text).toBeGreaterThanOrEqual(BORDER.left);
    expect(run.x + run.width, run.text).toBeLessThanOrEqual(BORDER.right);
    expect(run.y, run.text).toBeGreaterThan(BORDER.bottom);
    expect(run.y + run.size, run.text).toBeLessThan(BORDER.top);
  }
  const lines = linesOf(shown);
  lines.forEach((line, i) => {
    line.runs.slice(1).forEach((run, k) => {
      const before = line.runs[k] as Shown;
      expect(run.x, `${before.text} | ${run.text}`).toBeGreaterThanOrEqual(
        before.x + before.width - 0.01,
      );
    });
    const below = lines[i + 1];
    if (below) {
      expect(line.y - below.y, `"${line.text}" over "${below.text}"`).toBeGreaterThanOrEqual(
        Math.max(line.size, below.size),
      );
    }
  });
}

const render = async (overrides: Partial<Certificate> = {}) =>
  shownText(await certificatePdf(certificate(overrides)));

/** The lines that print the title: between the heading and the edition line. */
function titleLines(shown: Shown[]) {
  const lines = linesOf(shown).map((line) => line.text);
  const start = lines.indexOf("Certificate of Authenticity") + 1;
  return lines.slice(
    start,
    lines.findIndex((line) => line.startsWith("Open Edition")),
  );
}

describe("certificatePdf", () => {
  it("keeps a wrapped title and a wrapped buyer's name off the lines below them", async () => {
    const title = "Der stille Hafen im Morgengrauen mit Fischerbooten und einem Leuchtturm";
    const buyer = "Maximiliane Wilhelmine von Hohenzollern-Sigmaringen und Thurn und Taxis";
    const shown = await render({ title, buyer });
    expectReadable(shown);
    const lines = titleLines(shown);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe(title);
    const text = linesOf(shown).map((line) => line.text);
    expect(text.join(" ")).toContain(`Collected by: ${buyer}`);
    // Written as every date on the site (formatUtcDay), not as ISO.
    expect(text).toContain("Date of sale: Mar 1, 2025 (UTC)");
  });

  it("breaks a word too long for a line rather than running past the border", async () => {
    const title = "Ünterwasserlandschaft".repeat(12);
    expect(title).toHaveLength(252);
    const shown = await render({ title });
    expectReadable(shown);
    const lines = titleLines(shown);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe(title);
  });

  it("prints decomposed (NFD) text as the same characters as composed (NFC)", async () => {
    const title = "Café Noire Mélange";
    const shown = await render({
      title: title.normalize("NFD"),
      buyer: "Zoë Åström".normalize("NFD"),
    });
    const text = linesOf(shown).map((line) => line.text);
    expect(text).toContain(title);
    expect(text).toContain("Collected by: Zoë Åström");
  });

  it("prints Greek and Cyrillic in their own letters", async () => {
    const title = "Αθήνα τη νύχτα и Москва на рассвете";
    const shown = await render({ title, buyer: "Σοφία Παπαδοπούλου · Анна Иванова" });
    expectReadable(shown);
    const text = linesOf(shown).map((line) => line.text);
    expect(titleLines(shown).join(" ")).toBe(title);
    expect(text).toContain("Collected by: Σοφία Παπαδοπούλου · Анна Иванова");
  });

  it("prints Arabic joined and right to left, and a Latin line's Arabic name in its place", async () => {
    const title = "ميناء هادئ عند الفجر";
    const shown = await render({ title, buyer: "محمد علي" });
    expectReadable(shown);
    // Drawn left to right, so read back in visual order: the logical text reversed.
    const [line] = titleLines(shown);
    expect(line).toBe([...title].reverse().join(""));
    const titleRun = linesOf(shown).find((l) => l.text === line);
    // A right-to-left paragraph sets against the right margin.
    const last = titleRun?.runs.at(-1) as Shown;
    expect(last.x + last.width).toBeCloseTo(535, 0);
    // Joined: "ميناء" begins with an initial meem, "الفجر" has none; the same letter drawn in its
    // isolated, initial and medial forms are different glyphs.
    const buyer = linesOf(shown).find((l) => l.text.startsWith("Collected by: "));
    expect(buyer?.text).toBe(`Collected by: ${[..."محمد علي"].reverse().join("")}`);
    const arabic = buyer?.runs.at(-1) as Shown;
    const meems = arabic.codes.filter((_, i) => arabic.chars[i] === "م");
    expect(meems).toHaveLength(2);
    expect(meems[0]).not.toBe(meems[1]);
  });

  it("sets Latin and numbers inside Hebrew, and Arabic inside Latin, in reading order", async () => {
    const reversed = (text: string) => [...text].reverse().join("");
    const shown = await render({
      title: "נמל שקט עם Harbour ליד הים (2024)",
      buyer: "Mo محمد (علي) 42",
    });
    expectReadable(shown);
    // Read left to right: the Hebrew words right to left, the English word and the number left to
    // right where they stand, and the brackets turned to face the text they enclose.
    const [title] = titleLines(shown);
    expect(title).toBe(`(2024) ${reversed("ליד הים")} Harbour ${reversed("נמל שקט עם")}`);
    const titleRuns = linesOf(shown).find((line) => line.text === title)?.runs ?? [];
    const last = titleRuns.at(-1) as Shown;
    expect(last.x + last.width).toBeCloseTo(535, 0);
    // In a left-to-right line the Arabic name, its bracketed part and the number after it (an
    // Arabic number, after Arabic letters) read as one right-to-left stretch.
    const buyer = linesOf(shown).find((line) => line.text.startsWith("Collected by: "));
    expect(buyer?.text).toBe(`Collected by: Mo 42 (${reversed("علي")}) ${reversed("محمد")}`);
    expect(buyer?.runs[0]?.x).toBeCloseTo(60, 0);
  });

  it("sets right-to-left letters past U+FFFF right to left too", async () => {
    // Arabic mathematical alef and beh: bidi-js alone would take each UTF-16 half for Latin.
    const shown = await render({ buyer: "Mo \u{1EE00}\u{1EE01} x" });
    const text = linesOf(shown).map((line) => line.text);
    expect(text).toContain("Collected by: Mo \u{1EE01}\u{1EE00} x");
  });

  it("shows what no font has as a replacement character and points to the verify link", async () => {
    // Tifinagh is in DejaVu, but @pdf-lib/fontkit's shaper for it throws (pdf-lib issue 1419).
    const shown = await render({ title: "山水画 🌊 Ωmega", buyer: "田中 太郎 ⵜⴰⵎⴰⵣⵉⵖⵜ" });
    expectReadable(shown);
    const text = linesOf(shown).map((line) => line.text);
    expect(titleLines(shown).join(" ")).toBe("\uFFFD\uFFFD\uFFFD \uFFFD Ωmega");
    expect(text).toContain(`Collected by: \uFFFD\uFFFD \uFFFD\uFFFD ${"\uFFFD".repeat(8)}`);
    expect(text.join(" ")).toMatch(/shown as \uFFFD.*verify link/);
  });

  it("shrinks a title too long for the page, and past the smallest size cuts it", async () => {
    const long = await render({ title: "Leuchtturm ".repeat(60) });
    expectReadable(long);
    expect(titleLines(long).join(" ")).toBe("Leuchtturm ".repeat(60).trim());
    expect(
      Math.max(...long.filter((run) => run.text.includes("Leuchtturm")).map((run) => run.size)),
    ).toBeLessThan(18);

    const endless = await render({ title: "Leuchtturm ".repeat(400) });
    expectReadable(endless);
    expect(titleLines(endless).at(-1)).toMatch(/…$/);
    expect(
      linesOf(endless)
        .map((line) => line.text)
        .join(" "),
    ).toMatch(/cut short.*verify link/);
  });

  it("sets no more of a huge title than a page could hold: words, or one endless word", async () => {
    // 100,000 characters once took seconds of the event loop and then the heap.
    for (const title of ["word ".repeat(20_000), "x".repeat(100_000)]) {
      const printed = await render({ title });
      expectReadable(printed);
      expect(titleLines(printed).at(-1)).toMatch(/…$/);
      expect(
        linesOf(printed)
          .map((line) => line.text)
          .join(" "),
      ).toMatch(/cut short.*verify link/);
    }
  });

  it("heads the page with the site's name", async () => {
    const named = linesOf(
      await shownText(await certificatePdf(certificate(), { siteName: "Knot & Grain" })),
    );
    expect(named[0]?.text).toBe("KNOT & GRAIN");
    expect(linesOf(await render())[0]?.text).toBe("SAWDUST");
  });

  it("prints any title and any name within the border, a line apart, without failing", async () => {
    // Any code point, weighted towards what is hard to set: scripts written both ways, marks,
    // joiners, digits and brackets between them, emoji, CJK, long unbroken runs.
    const char = fc.oneof(
      fc.constantFrom(...Array.from("aZé Ωж محلا שלום 山 12٣ (.-) #،\u0301\u200d\u200f🌊\n")),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    );
    const anyText = fc.string({ unit: char, maxLength: 500, size: "large" });
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (title, buyer) => {
        expectReadable(await render({ title, buyer }));
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
