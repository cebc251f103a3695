import { describe, expect, it } from "vitest";
import { imageCountLabel } from "./counts";

describe("imageCountLabel", () => {
  it.each([
    [0, "0 images"],
    [1, "1 image"],
    [12, "12 images"],
    [1250, "1,250 images"],
    [1234567, "1,234,567 images"],
  ])("counts %i as %j", (count, label) => {
    expect(imageCountLabel(count)).toBe(label);
  });
});
