import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const origin = "https://sawdust.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/subscriptions", "/subscriptions"],
    ["/gallery?tag=nature#top", "/gallery?tag=nature#top"],
    ["/collections/12", "/collections/12"],
  ])("keeps the same-site path %j", (raw, expected) => {
    expect(safeRedirectPath(raw, origin)).toBe(expected);
  });

  it.each([
    null,
    "",
    "subscriptions",
    "//evil.example/steal",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/auth?redirect=/auth",
    // Dot segments that resolve to a path beginning "//": another host to a router or a browser.
    "/.//evil.example/index.html",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
  ])("rejects %j", (raw) => {
    expect(safeRedirectPath(raw, origin)).toBeNull();
  });
});
