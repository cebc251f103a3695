import { describe, expect, it } from "vitest";
import { asciiFilename, isNotModified, parseRange } from "./send-stored.js";

describe("parseRange", () => {
  it.each([
    [undefined, undefined],
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-200", { start: 800, end: 999 }],
    ["bytes=900-5000", { start: 900, end: 999 }],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=50-10", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["items=0-1", undefined],
    ["bytes=0-1,5-6", undefined],
  ])("%s of 1000 bytes → %j", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe("isNotModified", () => {
  const asking = (ifNoneMatch?: string) =>
    ({ headers: ifNoneMatch === undefined ? {} : { "if-none-match": ifNoneMatch } }) as never;
  it.each([
    [undefined, '"abc"', false],
    ['"abc"', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"abc"', 'W/"abc"', true],
    ['"x", W/"abc"', '"abc"', true],
    ["*", '"abc"', true],
    ['"abcd"', '"abc"', false],
    ['W/"other"', '"abc"', false],
  ])("If-None-Match %s against %s → %s", (header, etag, expected) => {
    expect(isNotModified(asking(header), etag)).toBe(expected);
  });
});

describe("a download's ASCII name (Content-Disposition filename)", () => {
  it("keeps what ASCII can say, drops accents, and never starts with a run of underscores (round 58)", () => {
    expect(asciiFilename("sunset-over-harbour-basic.webp")).toBe("sunset-over-harbour-basic.webp");
    expect(asciiFilename("évil-name-basic.webp")).toBe("evil-name-basic.webp");
    expect(asciiFilename("Ünïcødé Fjörd-hd.webp")).toBe("Unic_de_Fjord-hd.webp");
    expect(asciiFilename("夕焼けの海-preview.webp")).toBe("preview.webp");
    expect(asciiFilename("夕焼けの海.webp")).toBe("download.webp");
    expect(asciiFilename('a "quoted"\\name.webp')).toBe("a_quoted_name.webp");
  });
});
