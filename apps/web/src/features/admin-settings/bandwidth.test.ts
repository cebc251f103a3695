import { describe, expect, it } from "vitest";
import { amountIn, bytesOf, unitFor } from "./bandwidth";

describe("the bandwidth field's units", () => {
  it("shows a stored figure in the unit it reads best in", () => {
    expect(unitFor(1024 ** 3)).toBe("GiB");
    expect(unitFor(1.5 * 1024 ** 3)).toBe("GiB");
    expect(unitFor(512 * 1024 ** 2)).toBe("MiB");
    expect(unitFor(1.3 * 1024 ** 3)).toBe("MiB");
    expect(amountIn(1024 ** 3, "GiB")).toBe(1);
    expect(amountIn(1024 ** 3, "MiB")).toBe(1024);
    expect(amountIn(1000, "MiB")).toBe(0);
  });

  it("turns what was typed into whole bytes, or NaN for what is not a number", () => {
    expect(bytesOf("1", "GiB")).toBe(1_073_741_824);
    expect(bytesOf("1.5", "GiB")).toBe(1_610_612_736);
    expect(bytesOf(" 500 ", "MiB")).toBe(524_288_000);
    expect(bytesOf("0", "MiB")).toBe(0);
    expect(bytesOf("", "MiB")).toBeNaN();
    expect(bytesOf("lots", "GiB")).toBeNaN();
  });
});
