import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { failureText } from "@/lib/failure-text";
import { downloadsText, planLabel } from "./user-text";

describe("the Users page's words", () => {
  it("names the plan by tier", () => {
    expect(planLabel({ tier: "free" })).toBe("FREE");
    expect(planLabel({ tier: "pro" })).toBe("PRO");
    expect(planLabel({ tier: "pro_plus" })).toBe("PRO PLUS");
  });

  it("counts downloads in words", () => {
    expect(downloadsText(0)).toBe("0 downloads");
    expect(downloadsText(1)).toBe("1 download");
    expect(downloadsText(1200)).toBe("1,200 downloads");
  });

  it("tells a refusal in the server's words, a crash by its status", () => {
    expect(failureText(new ApiRequestError(409, "Conflict", "The last admin"))).toBe(
      "The last admin",
    );
    expect(failureText(new ApiRequestError(502, "Bad Gateway", "<html>"))).toBe("502: Bad Gateway");
    expect(failureText(new Error("offline"))).toBe("offline");
  });
});
