import { describe, expect, it } from "vitest";
import { ZSandboxPayBody } from "./billing.js";

describe("the sandbox's card form", () => {
  const card = { cardNumber: "4242 4242 4242 4242", cvc: "123" };
  it("takes the expiry as MM/YY or as a phone's number pad types it (MMYY)", () => {
    expect(ZSandboxPayBody.parse({ ...card, expiry: "12/34" }).expiry).toBe("12/34");
    expect(ZSandboxPayBody.parse({ ...card, expiry: "1234" }).expiry).toBe("12/34");
    expect(ZSandboxPayBody.parse({ ...card, expiry: " 07 / 29 " }).expiry).toBe("07/29");
    for (const expiry of ["1334", "12/3", "123", "12//34", "ab/cd"]) {
      expect(ZSandboxPayBody.safeParse({ ...card, expiry }).success, expiry).toBe(false);
    }
  });
});
