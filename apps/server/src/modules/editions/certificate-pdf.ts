import {
  type Certificate,
  EDITION_LABELS,
  type EditionType,
  LICENCE_LABELS,
} from "@sawdust/shared";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

/** The certificate of authenticity as a one-page A4 PDF (its page's content, for printing). */
export async function certificatePdf(c: Certificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of authenticity: ${c.title}`);
  pdf.setAuthor("Sawdust");
  const page = pdf.addPage([595.28, 841.89]);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const ink = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.4, 0.4, 0.4);
  let y = 760;
  const line = (text: string, font = serif, size = 12, colour = ink) => {
    page.drawText(toWinAnsi(text), { x: 60, y, size, font, color: colour, maxWidth: 475 });
    y -= size + 12;
  };
  page.drawRectangle({
    x: 36,
    y: 36,
    width: 523,
    height: 770,
    borderColor: muted,
    borderWidth: 1,
  });
  line("SAWDUST", bold, 14, muted);
  line("Certificate of Authenticity", bold, 26);
  y -= 10;
  line(c.title, bold, 18);
  const edition = c.total === null ? `No. ${c.number}` : `No. ${c.number} of ${c.total}`;
  const type = EDITION_LABELS[c.editionType as EditionType] ?? "Limited Edition";
  line(`${type} · ${edition}`);
  line(`Licence: ${LICENCE_LABELS[c.licence]}`);
  line(`Collected by: ${c.buyer}`);
  line(`Date of sale: ${c.purchasedAt.slice(0, 10)} (UTC)`);
  y -= 10;
  line("SHA-256 of the original file:", serif, 11, muted);
  line(c.originalSha256 || "(not recorded)", mono, 9);
  y -= 10;
  line("Verify this certificate at:", serif, 11, muted);
  line(c.verifyUrl, mono, 10);
  line(`Certificate id: ${c.id}`, mono, 9, muted);
  return pdf.save();
}

/**
 * The standard fonts speak WinAnsi (Windows-1252): Latin-1 and, in its 0x80–0x9F range, the
 * typographer's marks (— “ ” ’ € … and a few letters). Characters beyond it are replaced, never
 * thrown on: a name in another script needs an embedded font, which this certificate does not
 * carry (the web page at its verify link shows every script).
 */
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
export function toWinAnsi(text: string): string {
  return Array.from(text, (char) =>
    /[\u0020-\u007e\u00a0-\u00ff]/.test(char) || WIN_ANSI_EXTRA.includes(char) ? char : "?",
  ).join("");
}
