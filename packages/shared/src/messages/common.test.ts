import { describe, expect, it } from "vitest";
import { tryAgainIn } from "./common.js";

describe("tryAgainIn", () => {
  it("rounds a rate limit's wait up to what a person reads", () => {
    expect(tryAgainIn(0)).toBe("Try again in a minute.");
    expect(tryAgainIn(59.2)).toBe("Try again in a minute.");
    expect(tryAgainIn(61)).toBe("Try again in 2 minutes.");
    expect(tryAgainIn(15 * 60)).toBe("Try again in 15 minutes.");
    expect(tryAgainIn(59 * 60)).toBe("Try again in 59 minutes.");
    expect(tryAgainIn(59 * 60 + 1)).toBe("Try again in an hour.");
    expect(tryAgainIn(60 * 60)).toBe("Try again in an hour.");
    expect(tryAgainIn(60 * 60 + 1)).toBe("Try again in 2 hours.");
  });
});
