import { describe, expect, it } from "vitest";
import * as MESSAGES from "../messages/index.js";
import { ZCollectionAddImageBody, ZCollectionCreateBody } from "./collections.js";

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("collection bodies", () => {
  it("refuses a name of invisible characters alone, as a blank one", () => {
    for (const name of ["\u200b", " \u2060\ufeff ", "\u200d", "\u3164\u3164", "\u2800", "\uffa0"]) {
      expect(messageOf(ZCollectionCreateBody.safeParse({ name }))).toBe(
        MESSAGES.validation.collectionNameRequired,
      );
    }
    expect(ZCollectionCreateBody.parse({ name: "雨 ☂" }).name).toBe("雨 ☂");
    expect(ZCollectionCreateBody.parse({ name: "…" }).name).toBe("…");
  });

  it("drops the format characters that could reverse a name or description where it is shown", () => {
    const parsed = ZCollectionCreateBody.parse({
      name: "abc \u202edef\u202c",
      description: "\u2067mine\u2069 too",
    });
    expect(parsed.name).toBe("abc def");
    expect(parsed.description).toBe("mine too");
    // Joiners between letters stay (Persian, emoji families).
    expect(ZCollectionCreateBody.parse({ name: "می\u200cخواهم 👩\u200d👧" }).name).toBe(
      "می\u200cخواهم 👩\u200d👧",
    );
  });

  it("takes an image id only as a number", () => {
    for (const imageId of [true, [10], "10", null]) {
      expect(ZCollectionAddImageBody.safeParse({ imageId }).success).toBe(false);
    }
    expect(ZCollectionAddImageBody.parse({ imageId: 10 })).toEqual({ imageId: 10 });
  });
});
