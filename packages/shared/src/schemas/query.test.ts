import { describe, expect, it } from "vitest";
import { z } from "zod";
import { strictQuery, zPageLimit } from "./query.js";

const schema = strictQuery("the list", {
  limit: z.coerce.number().optional(),
  tag: z.string().optional(),
});
const messageOf = (query: Record<string, string>) => {
  const result = schema.safeParse(query);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message).join("; ");
};

describe("strictQuery", () => {
  it("says when an endpoint takes no parameters at all", () => {
    const none = strictQuery("the tags", {}).safeParse({ limit: "5" });
    expect(none.success ? undefined : none.error.issues[0]?.message).toBe(
      "Unknown parameter limit: the tags takes no parameters",
    );
  });

  it("takes its own parameters", () => {
    expect(schema.parse({ limit: "5", tag: "sea" })).toEqual({ limit: 5, tag: "sea" });
  });

  it("refuses any other, naming it and the ones it takes", () => {
    expect(messageOf({ tags: "sea" })).toBe("Unknown parameter tags: the list takes limit and tag");
    expect(messageOf({ tags: "sea", utm_source: "x" })).toBe(
      "Unknown parameter tags, utm_source: the list takes limit and tag",
    );
  });

  it("quotes a name that is not a plain word, and cuts a long one short", () => {
    expect(messageOf({ "": "x" })).toBe('Unknown parameter "": the list takes limit and tag');
    expect(messageOf({ "\u0000": "x" })).toBe(
      'Unknown parameter "\\u0000": the list takes limit and tag',
    );
    expect(messageOf({ ["a".repeat(500)]: "x" })).toBe(
      `Unknown parameter "${"a".repeat(64)}…": the list takes limit and tag`,
    );
  });
});

describe("zPageLimit", () => {
  const limit = zPageLimit(100, 24);
  const read = (value: unknown) => {
    const result = limit.safeParse(value);
    return result.success ? result.data : result.error.issues[0]?.message;
  };

  it("reads digits, keeps a number, and gives the default when absent", () => {
    expect(read("7")).toBe(7);
    expect(read("100")).toBe(100);
    expect(read(12)).toBe(12);
    expect(read(undefined)).toBe(24);
  });

  it("refuses what Number() would read as a number but nobody writes as one (round 38)", () => {
    for (const value of ["1e1", " 1", "1 ", "0x10", "", "+5", "Infinity", "٣"]) {
      expect(read(value), JSON.stringify(value)).toBe("limit must be a number");
    }
    expect(read("2.5")).toBe("limit must be a whole number");
    // Written in digits, however many: read as the number they are (round 41).
    expect(read("00000000000000005")).toBe(5);
    expect(read("99999999999999999")).toBe("limit must be between 1 and 100");
    expect(read("9".repeat(400))).toBe("limit must be between 1 and 100");
    expect(read("0.99999999999999999")).toBe("limit must be a whole number");
    expect(read("100.0000000000000001")).toBe("limit must be a whole number");
    expect(read("5.000")).toBe(5);
    expect(read("0")).toBe("limit must be between 1 and 100");
    expect(read("101")).toBe("limit must be between 1 and 100");
  });
});
