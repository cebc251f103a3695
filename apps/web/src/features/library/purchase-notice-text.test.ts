import { MESSAGES, type PurchaseOutcome } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { purchaseNoticeText } from "./purchase-notice-text";

const m = MESSAGES.editions;
const outcome = (over: Partial<PurchaseOutcome>): PurchaseOutcome => ({
  status: "pending",
  imageId: 54,
  title: "Dunes",
  number: null,
  ...over,
});

describe("purchaseNoticeText", () => {
  it("says a checkout that ended unpaid ended, not that its payment is being confirmed", () => {
    const text = purchaseNoticeText(outcome({ status: "expired" }), false);
    expect(text).toBe(m.purchaseExpired("Dunes"));
    expect(text).toContain("nothing was charged");
    expect(purchaseNoticeText(outcome({ status: "expired", title: null }), false)).toBe(
      m.purchaseExpired(null),
    );
  });

  it("names the sale, the refunds, and waits while the payment is confirmed", () => {
    expect(purchaseNoticeText(outcome({ status: "sold", number: 3 }), false)).toBe(
      m.purchaseSold("Dunes", 3),
    );
    expect(purchaseNoticeText(outcome({ status: "declined" }), false)).toBe(
      m.purchaseDeclined("Dunes"),
    );
    expect(purchaseNoticeText(outcome({ status: "refunded" }), false)).toBe(
      m.purchaseRefunded("Dunes"),
    );
    expect(purchaseNoticeText(outcome({}), false)).toBe(m.purchasePending);
    expect(purchaseNoticeText(undefined, false)).toBe(m.purchasePending);
    expect(purchaseNoticeText(null, true)).toBe(m.purchaseUnknown);
  });
});
