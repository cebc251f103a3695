import { UPLOAD } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { screenSelection, withoutDuplicates } from "./selection-rules";

function fileOf(name: string, type: string, size = 10, lastModified = 1): File {
  const file = new File(["x"], name, { type, lastModified });
  // A real 50 MB buffer is not needed to test the limit.
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("screenSelection", () => {
  it("refuses the whole selection when any file is over 50 MB, counting them", () => {
    const verdict = screenSelection([
      fileOf("a.png", "image/png"),
      fileOf("b.png", "image/png", UPLOAD.maxBytes + 1),
      fileOf("c.txt", "text/plain", UPLOAD.maxBytes + 1),
    ]);
    expect(verdict).toEqual({ kind: "too-large", count: 2 });
  });

  it("accepts a file of exactly 50 MB", () => {
    const verdict = screenSelection([fileOf("a.png", "image/png", UPLOAD.maxBytes)]);
    expect(verdict.kind).toBe("accepted");
  });

  it("keeps images and sets aside files whose type is not image/*", () => {
    const png = fileOf("a.png", "image/png");
    const webp = fileOf("b.webp", "image/webp");
    const text = fileOf("notes.txt", "text/plain");
    const unknown = fileOf("mystery", "");
    expect(screenSelection([png, text, webp, unknown])).toEqual({
      kind: "accepted",
      images: [png, webp],
      notImages: [text, unknown],
    });
  });
});

describe("withoutDuplicates", () => {
  it("drops files already chosen or repeated in the same pick", () => {
    const chosen = fileOf("a.png", "image/png", 10, 1);
    const again = fileOf("a.png", "image/png", 10, 1);
    const sameNameOtherFile = fileOf("a.png", "image/png", 11, 1);
    const fresh = fileOf("b.png", "image/png");
    const freshTwice = fileOf("b.png", "image/png");
    expect(withoutDuplicates([again, sameNameOtherFile, fresh, freshTwice], [chosen])).toEqual([
      sameNameOtherFile,
      fresh,
    ]);
  });
});
