import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatShortDay, formatTime } from "./date-time";

describe("the app's dates", () => {
  // A local instant, so the assertions hold in any time zone the tests run in.
  const local = new Date(2026, 10, 21, 9, 5, 7);

  it("writes an instant as 'MMM d, yyyy' and with time 'HH:mm'", () => {
    expect(formatDate(local.toISOString())).toBe("Nov 21, 2026");
    expect(formatDateTime(local.toISOString())).toBe("Nov 21, 2026 09:05");
    expect(formatTime(local, true)).toBe("09:05:07");
  });

  it("writes nothing for an absent or unreadable instant", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime(undefined)).toBe("");
  });

  it("reads a calendar day in UTC, whatever the viewer's zone", () => {
    expect(formatDay("2026-12-01")).toBe("Dec 1, 2026");
    expect(formatDay("2027-01-01")).toBe("Jan 1, 2027");
    expect(formatDay("soon")).toBe("soon");
    expect(formatShortDay("2026-11-21")).toBe("Nov 21");
    expect(formatShortDay("2027-01-01")).toBe("Jan 1");
    expect(formatShortDay("soon")).toBe("soon");
  });
});
