import { describe, expect, it } from "vitest";
import { paidPeriodEndOf } from "./webhooks.service.js";

describe("paidPeriodEndOf", () => {
  it("reads the period a renewal paid for from its lines, not the invoice's look-back period", () => {
    // A Stripe subscription_cycle invoice: the invoice's period is the month before, its line's
    // the month paid for.
    const invoice = {
      id: "in_1",
      object: "invoice",
      billing_reason: "subscription_cycle",
      period_start: 1_796_083_200,
      period_end: 1_798_761_600,
      lines: {
        object: "list",
        data: [
          { id: "il_1", object: "line_item", period: { start: 1_798_761_600, end: 1_801_440_000 } },
        ],
        has_more: false,
      },
    };
    expect(paidPeriodEndOf(invoice)).toBe(1_801_440_000_000);
  });

  it("takes the latest end when lines differ (a proration beside the renewal)", () => {
    const invoice = {
      lines: {
        data: [
          { period: { start: 10, end: 20 } },
          { period: { start: 20, end: 50 } },
          { period: { start: 15, end: 20 } },
        ],
      },
    };
    expect(paidPeriodEndOf(invoice)).toBe(50_000);
  });

  it("is null when the invoice lists no period (the subscription's own end is used)", () => {
    expect(paidPeriodEndOf({ id: "in_2" })).toBeNull();
    expect(paidPeriodEndOf({ lines: { data: [] } })).toBeNull();
    expect(paidPeriodEndOf({ lines: { data: [{ period: { end: "soon" } }, null] } })).toBeNull();
  });
});
