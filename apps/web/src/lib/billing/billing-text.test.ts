import { describe, expect, it } from "vitest";
import {
  cycleLabel,
  formatBillingDate,
  formatMoneyTotal,
  formatPriceCents,
  isEndedStatus,
  planName,
  priceWithCycle,
  renewalLine,
  safeExternalUrl,
  statusLabel,
  yearlyPerMonth,
  yearlySavingPercent,
} from "./billing-text";

describe("prices", () => {
  it("shows cents as the spec does, with the cycle", () => {
    expect(formatPriceCents(1499)).toBe("$14.99");
    expect(priceWithCycle(11988, "yearly")).toBe("$119.88 / year");
    expect(priceWithCycle(1499, "monthly")).toBe("$14.99 / month");
    expect(cycleLabel("yearly")).toBe("Yearly");
  });

  it("saves 33% yearly at our prices, $9.99 a month", () => {
    expect(yearlySavingPercent()).toBe(33);
    expect(yearlySavingPercent({ monthly: 1000, yearly: 12000 })).toBe(0);
    expect(yearlyPerMonth()).toBe("$9.99");
  });

  it("groups thousands in the revenue total", () => {
    expect(formatMoneyTotal(0)).toBe("$0.00");
    expect(formatMoneyTotal(123_456_78)).toBe("$123,456.78");
  });
});

describe("dates", () => {
  it("formats as MMM d, yyyy, and N/A without one", () => {
    // Midday UTC: the same calendar day in any time zone a test machine runs in.
    expect(formatBillingDate("2027-11-25T12:00:00.000Z")).toBe("Nov 25, 2027");
    expect(formatBillingDate(null)).toBe("N/A");
    expect(formatBillingDate("not a date")).toBe("N/A");
  });

  it("says when the plan renews, cancels or ended", () => {
    const base = { status: "active" as const, expiryDate: "2027-11-25T12:00:00.000Z" };
    expect(renewalLine({ ...base, cancelAtPeriodEnd: false })).toEqual({
      label: "Next billing date",
      date: "Nov 25, 2027",
    });
    expect(renewalLine({ ...base, cancelAtPeriodEnd: true }).label).toBe("Cancels on");
    expect(renewalLine({ ...base, status: "canceled", cancelAtPeriodEnd: true }).label).toBe(
      "Ended on",
    );
    expect(renewalLine({ ...base, status: "past_due", cancelAtPeriodEnd: false }).label).toBe(
      "Payment due since",
    );
    expect(renewalLine(null)).toEqual({ label: "Next billing date", date: "N/A" });
  });
});

describe("plan and status", () => {
  it("names the plan", () => {
    expect(planName(true)).toBe("Pro Plan");
    expect(planName(false)).toBe("Free Plan");
  });

  it("labels statuses, and marks ended ones (either spelling) destructive", () => {
    expect(statusLabel("past_due")).toBe("Past due");
    expect(statusLabel("something_new")).toBe("something new");
    expect(isEndedStatus("canceled")).toBe(true);
    expect(isEndedStatus("cancelled")).toBe(true);
    expect(isEndedStatus("unpaid")).toBe(true);
    expect(isEndedStatus("active")).toBe(false);
    expect(isEndedStatus("past_due")).toBe(false);
  });
});

describe("safeExternalUrl", () => {
  it("keeps http(s) addresses, resolving relative ones", () => {
    expect(safeExternalUrl("https://checkout.stripe.com/c/pay/cs_1")).toBe(
      "https://checkout.stripe.com/c/pay/cs_1",
    );
    expect(safeExternalUrl("/billing/sandbox/checkout/x", "http://127.0.0.1:3000")).toBe(
      "http://127.0.0.1:3000/billing/sandbox/checkout/x",
    );
  });

  it("refuses script and empty addresses", () => {
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("")).toBeNull();
    expect(safeExternalUrl(undefined)).toBeNull();
    expect(safeExternalUrl("/relative")).toBeNull();
  });
});
