import type { Subscriber, Subscription, Tier } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { planLabel, shownStatus } from "./subscriber-text";

const subscription = (overrides: Partial<Subscription>): Subscription => ({
  id: 1,
  tier: "pro",
  status: "active",
  billingCycle: "monthly",
  createdAt: "2026-01-01T00:00:00.000Z",
  expiryDate: null,
  cancelAtPeriodEnd: false,
  graceUntil: null,
  priceCents: 1499,
  provider: "sandbox",
  ...overrides,
});

const subscriber = (
  tier: Tier,
  sub: Partial<Subscription> | null,
): Pick<Subscriber, "tier" | "subscription"> => ({
  tier,
  subscription: sub ? subscription(sub) : null,
});

describe("planLabel", () => {
  it("reads FREE for a member who never subscribed (spec section 2)", () => {
    expect(planLabel(subscriber("free", null))).toBe("FREE");
  });

  it("names the member's tier in capitals", () => {
    expect(planLabel(subscriber("pro", {}))).toBe("PRO");
    expect(planLabel(subscriber("pro_plus", { tier: "pro_plus" }))).toBe("PRO PLUS");
  });

  it("reads FREE for a member whose subscription ended, whatever tier it was for", () => {
    expect(planLabel(subscriber("free", { status: "canceled" }))).toBe("FREE");
    // Past due beyond the grace: the member is free now, though the provider still tries.
    expect(planLabel(subscriber("free", { status: "past_due" }))).toBe("FREE");
  });
});

describe("shownStatus", () => {
  it("shows the status of a subscription that carries Pro or may yet bill", () => {
    expect(shownStatus(subscriber("pro", {}))).toBe("active");
    expect(shownStatus(subscriber("pro", { status: "past_due" }))).toBe("past_due");
    expect(shownStatus(subscriber("free", { status: "past_due" }))).toBe("past_due");
    expect(shownStatus(subscriber("free", { status: "unpaid" }))).toBe("unpaid");
  });

  it("shows none once the subscription has ended, nor for a member who never subscribed", () => {
    expect(shownStatus(subscriber("free", { status: "canceled" }))).toBeNull();
    expect(shownStatus(subscriber("free", { status: "incomplete_expired" }))).toBeNull();
    expect(shownStatus(subscriber("free", null))).toBeNull();
  });
});
