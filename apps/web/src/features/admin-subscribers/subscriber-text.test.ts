import type { Subscription } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { planLabel } from "./subscriber-text";

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

describe("planLabel", () => {
  it("reads FREE for a member who never subscribed (spec section 2)", () => {
    expect(planLabel({ subscription: null })).toBe("FREE");
  });

  it("names the subscription's tier in capitals", () => {
    expect(planLabel({ subscription: subscription({}) })).toBe("PRO");
    expect(planLabel({ subscription: subscription({ tier: "pro_plus" }) })).toBe("PRO PLUS");
  });
});
