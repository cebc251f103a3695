import { describe, expect, it } from "vitest";
import { zRowId } from "./row-id.js";

const id = zRowId("image");
const messageOf = (text: string) => id.safeParse(text).error?.issues[0]?.message;

describe("zRowId", () => {
  it("reads an id written as digits", () => {
    expect(id.parse("20")).toBe(20);
    expect(id.parse("4503599627370496")).toBe(2 ** 52);
  });

  it.each([
    ["0x14"],
    ["1e1"],
    ["+20"],
    [" 20"],
    ["20 "],
    ["20.0e0"],
    ["20.0"],
    ["1.00"],
    ["٢٠"],
    ["abc"],
    [""],
  ])("refuses %j: one image, one URL", (text) => {
    expect(messageOf(text)).toBe("The image id must be a number");
  });

  it("says what is wrong with a near miss", () => {
    expect(messageOf("20.5")).toBe("The image id must be a whole number");
    expect(messageOf("-1")).toBe("The image id must be positive");
    expect(messageOf("0")).toBe("The image id must be positive");
    expect(messageOf("9007199254740000")).toBe("The image id is too large");
  });

  it.each([["057"], ["020"], ["00"], ["007.5"]])(
    "refuses %j as written with leading zeros, saying so",
    (text) => {
      expect(messageOf(text)).toBe("The image id must be a whole number without leading zeros");
    },
  );

  it("says so of leading zeros after a sign too", () => {
    expect(messageOf("-057")).toBe("The image id must be a whole number without leading zeros");
  });
});
