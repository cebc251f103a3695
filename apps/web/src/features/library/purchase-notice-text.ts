import { MESSAGES, type PurchaseOutcome } from "@sawdust/shared";

const m = MESSAGES.editions;

/**
 * What /library says of the checkout the buyer came back from: its outcome (null: not known to the
 * server), and whether the page gave up asking while it stayed unknown.
 */
export function purchaseNoticeText(
  outcome: PurchaseOutcome | null | undefined,
  gaveUp: boolean,
): string {
  switch (outcome?.status) {
    case "sold":
      if (outcome.number === null) break;
      return m.purchaseSold(outcome.title ?? `Artwork ${outcome.imageId}`, outcome.number);
    case "declined":
      return m.purchaseDeclined(outcome.title);
    case "refunded":
      return m.purchaseRefunded(outcome.title);
    case "expired":
      return m.purchaseExpired(outcome.title);
  }
  return gaveUp ? m.purchaseUnknown : m.purchasePending;
}
