import { describe, expect, it } from "vitest";
import { fieldName, noActorText, readableDetails, valueText } from "./audit-text";

describe("the audit log's words", () => {
  it("names fields in words", () => {
    expect(fieldName("freeTier.monthlyDownloads")).toBe("free tier › monthly downloads");
    expect(fieldName("sessionsEnded")).toBe("sessions ended");
    expect(fieldName("edition_type")).toBe("edition type");
  });

  it("writes values plainly", () => {
    expect(valueText(1073741824)).toBe("1,073,741,824");
    expect(valueText(true)).toBe("yes");
    expect(valueText(null)).toBe("none");
    expect(valueText(["a", "b"])).toBe('["a","b"]');
  });

  it("turns before and after into changes, and the rest into facts", () => {
    expect(
      readableDetails({
        username: "ann",
        before: { role: "user", siteName: "Sawdust" },
        after: { role: "admin", siteName: "Timber" },
        sessionsEnded: 2,
      }),
    ).toEqual({
      changes: [
        { field: "role", before: "user", after: "admin" },
        { field: "site name", before: "Sawdust", after: "Timber" },
      ],
      facts: [
        { name: "username", value: "ann" },
        { name: "sessions ended", value: "2" },
      ],
    });
    // A field only one side names reads "none" on the other.
    expect(readableDetails({ after: { tags: ["x"] } }).changes).toEqual([
      { field: "tags", before: "none", after: '["x"]' },
    ]);
    expect(readableDetails({ before: 3, name: "Partner" }).facts).toEqual([
      { name: "before", value: "3" },
      { name: "name", value: "Partner" },
    ]);
  });

  it("shows money in dollars: an image's price and a sale's price in cents (round 59: '4,500')", () => {
    expect(
      readableDetails({ priceCents: 1999, before: { price: 4500 }, after: { price: null } }),
    ).toEqual({
      changes: [{ field: "price", before: "$45.00", after: "none" }],
      facts: [{ name: "price", value: "$19.99" }],
    });
  });

  it("names nobody known for a refused sign-in, and the system for other entries without an admin", () => {
    expect(noActorText("auth.sign_in_failed")).toBe("Not signed in");
    expect(noActorText("billing.subscription_changed")).toBe("System");
  });
});
