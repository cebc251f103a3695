import { describe, expect, it } from "vitest";
import { expiryOf } from "./payment-provider.js";

const period = { currentPeriodStart: 1_000, currentPeriodEnd: 2_000 };

describe("expiryOf: the end of what was paid for", () => {
  it("is the period's end while paid, and its start while the renewal is unpaid", () => {
    expect(expiryOf({ ...period, status: "active", endedAt: null })).toBe(2_000);
    expect(expiryOf({ ...period, status: "past_due", endedAt: null })).toBe(1_000);
    expect(expiryOf({ ...period, status: "unpaid", endedAt: null })).toBe(1_000);
  });

  it("is when a canceled subscription ended, if before its period's end", () => {
    // Cancelled at the period's end.
    expect(expiryOf({ ...period, status: "canceled", endedAt: 2_000 })).toBe(2_000);
    // Retries of a failed renewal ran out, or cancelled at once: not the unpaid period's end.
    expect(expiryOf({ ...period, status: "canceled", endedAt: 1_500 })).toBe(1_500);
    expect(expiryOf({ ...period, status: "canceled", endedAt: null })).toBe(2_000);
  });
});
