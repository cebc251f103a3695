import { describe, expect, it } from "vitest";
import { highestTier } from "./subscriptions.service.js";

describe("highestTier", () => {
  it.each([
    [[], "free"],
    [["pro"], "pro"],
    [["pro", "pro_plus"], "pro_plus"],
    [["unknown"], "free"],
  ])("%j → %s", (tiers, expected) => {
    expect(highestTier(tiers)).toBe(expected);
  });
});
