import { describe, expect, it } from "vitest";
import { isAppPath, pathDecodes, pathProblem, paths, rowIdOf } from "./paths.js";

describe("rowIdOf", () => {
  it("reads an id written as the API writes ids, and nothing else", () => {
    expect(rowIdOf("42")).toBe(42);
    expect(rowIdOf("9".repeat(15))).toBe(999_999_999_999_999);
    for (const bad of [
      undefined,
      "",
      "0",
      "007",
      "-3",
      "+3",
      "4.5",
      "1.0",
      "abc",
      "12abc",
      "1e3",
      "0x14",
      " 20",
      "9".repeat(16),
    ]) {
      expect(rowIdOf(bad), String(bad)).toBeNull();
    }
  });
});

describe("isAppPath", () => {
  it("knows the app's pages, with an id's place holding only an id", () => {
    for (const path of ["/", "/gallery", "/image/7", "/collections/7", "/admin/images/7/edit"]) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of ["/image/abc", "/image/07", "/collections/1.5", "/admin/images/x/edit"]) {
      expect(isAppPath(path), path).toBe(false);
    }
    // Other parameters are text: a tag, a certificate's id.
    expect(isAppPath("/tag/art.deco")).toBe(true);
    expect(isAppPath("/verify/SD-ABC-123")).toBe(true);
  });
});

describe("pathDecodes", () => {
  it("refuses a path with a % that starts no escape of UTF-8, or U+0000, whatever the query says", () => {
    for (const path of ["/", "/tag/caf%C3%A9", "/tag/%E2%9C%93?x=%zz", "/a%20b"]) {
      expect(pathDecodes(path), path).toBe(true);
    }
    for (const path of ["/tag/%zz", "/tag/%E0%A4", "/image/%", "/a%2", "/tag/%00", "/a%00b?q=1"]) {
      expect(pathDecodes(path), path).toBe(false);
    }
  });

  it("says which: a % that starts no escape, or a NUL", () => {
    expect(pathProblem("/tag/%zz")).toBe("undecodable");
    expect(pathProblem("/tag/%00")).toBe("nul");
    expect(pathProblem("/tag/sea?x=%00")).toBeUndefined();
  });
});

describe("paths.auth", () => {
  it("keeps where to come back to, and opens Create account when asked", () => {
    expect(paths.auth.getHref()).toBe("/auth");
    expect(paths.auth.getHref("/image/7?x=1")).toBe("/auth?redirect=/image/7%3Fx%3D1");
    expect(paths.auth.getHref("/image/7", "register")).toBe("/auth?redirect=/image/7&tab=register");
    expect(paths.auth.getHref(undefined, "register")).toBe("/auth?tab=register");
  });
});
