import { describe, expect, it } from "vitest";
import { renewalNoticeOf } from "./webhooks.service.js";

const stored = (status: string, cancel_at_period_end = 0) => ({ status, cancel_at_period_end });
const now = (status: string, cancel_at_period_end = 0) => ({ status, cancel_at_period_end });

describe("renewalNoticeOf", () => {
  it("tells of a failed renewal once, when a live subscription first turns past_due", () => {
    expect(renewalNoticeOf(stored("active"), now("past_due"))).toBe("payment_failed");
    expect(renewalNoticeOf(stored("past_due"), now("past_due"))).toBeNull();
    expect(renewalNoticeOf(null, now("past_due"))).toBeNull();
  });

  it("tells of the end of Pro, and why, when a live subscription stops being live", () => {
    expect(renewalNoticeOf(stored("past_due"), now("canceled"))).toBe("ended_unpaid");
    expect(renewalNoticeOf(stored("active"), now("unpaid"))).toBe("ended_unpaid");
    expect(renewalNoticeOf(stored("active", 1), now("canceled", 1))).toBe("ended_cancelled");
    expect(renewalNoticeOf(stored("active"), now("canceled"))).toBe("ended");
  });

  it("says nothing of a change seen already, nor of one never live here", () => {
    expect(renewalNoticeOf(stored("canceled"), now("canceled"))).toBeNull();
    expect(renewalNoticeOf(stored("incomplete"), now("incomplete_expired"))).toBeNull();
    expect(renewalNoticeOf(null, now("canceled"))).toBeNull();
    expect(renewalNoticeOf(stored("past_due"), now("active"))).toBeNull();
  });
});
