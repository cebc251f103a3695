import { describe, expect, it } from "vitest";
import { LOGGED_CHARS, urlForLog } from "./request-log.js";

describe("urlForLog", () => {
  it("redacts a mailed link's token wherever it stands in the query, and nothing else", () => {
    expect(urlForLog("/auth/reset?token=9oEnKDeVlA2_AcWp")).toBe("/auth/reset?token=[redacted]");
    expect(urlForLog("/auth/verify?next=%2Fa&TOKEN=abc&x=1")).toBe(
      "/auth/verify?next=%2Fa&TOKEN=[redacted]&x=1",
    );
    expect(urlForLog("/x?pendingToken=abc#frag")).toBe("/x?pendingToken=[redacted]#frag");
    expect(urlForLog("/media/signed/3/xlarge?exp=1790000000&sig=Zm9vYmFy")).toBe(
      "/media/signed/3/xlarge?exp=1790000000&sig=[redacted]",
    );
    expect(urlForLog("/api/v1/images?tag=token&mytoken=1")).toBe(
      "/api/v1/images?tag=token&mytoken=1",
    );
    expect(urlForLog("/tag/token=abc")).toBe("/tag/token=abc");
  });

  it("redacts what an admin searched for (a member's name or address), not a visitor's search", () => {
    expect(urlForLog("/api/v1/admin/mail-outbox?to=carol.private@example.org")).toBe(
      "/api/v1/admin/mail-outbox?to=[redacted]",
    );
    expect(urlForLog("/api/v1/admin/subscribers?page=2&q=alice%40example.org&status=active")).toBe(
      "/api/v1/admin/subscribers?page=2&q=[redacted]&status=active",
    );
    expect(urlForLog("/api/v1/admin/users?Q=bob")).toBe("/api/v1/admin/users?Q=[redacted]");
    expect(urlForLog("/api/v1/images?q=harbour&tag=sea")).toBe("/api/v1/images?q=harbour&tag=sea");
  });
});

describe("what a log line keeps of a URL", () => {
  it("keeps at most LOGGED_CHARS of it, and says how much it left out", () => {
    const long = `/api/v1/images?q=${"x".repeat(15_000)}`;
    const kept = urlForLog(long);
    expect(kept.startsWith("/api/v1/images?q=xxx")).toBe(true);
    expect(kept.length).toBeLessThan(LOGGED_CHARS + 20);
    expect(kept.endsWith(`…[${long.length - LOGGED_CHARS} more]`)).toBe(true);
    expect(urlForLog("/gallery")).toBe("/gallery");
  });
});
