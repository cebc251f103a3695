import { describe, expect, it } from "vitest";
import { sameSitePath } from "./same-site-path.js";

describe("sameSitePath", () => {
  it.each([
    ["/image/58", "/image/58"],
    ["/gallery?tag=nature#top", "/gallery?tag=nature#top"],
    ["/open-editions?availability=available", "/open-editions?availability=available"],
    ["/tag/%E0%A4%95", "/tag/%E0%A4%95"],
  ])("keeps the same-site path %j", (raw, expected) => {
    expect(sameSitePath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "image/58",
    "//evil.example/steal",
    "/\\evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    // Dot segments that resolve to a path beginning "//": another host to a router or a browser.
    "/.//evil.example/index.html",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
  ])("refuses %j", (raw) => {
    expect(sameSitePath(raw)).toBeNull();
  });
});
