import { describe, expect, it } from "vitest";
import { withRetryParam } from "./use-thumbnail-retry";

describe("withRetryParam", () => {
  it("leaves the first try's URL as it is", () => {
    expect(withRetryParam("/media/images/1/small-abc.webp", 0)).toBe(
      "/media/images/1/small-abc.webp",
    );
  });

  it("adds a retry number, after any query the URL has", () => {
    expect(withRetryParam("/media/images/1/small-abc.webp", 2)).toBe(
      "/media/images/1/small-abc.webp?retry=2",
    );
    expect(withRetryParam("/media/signed/1/hd?exp=1&sig=x", 1)).toBe(
      "/media/signed/1/hd?exp=1&sig=x&retry=1",
    );
  });

  it("keeps an empty URL empty", () => {
    expect(withRetryParam("", 3)).toBe("");
  });
});
