import { describe, expect, it } from "vitest";
import { countLabel } from "./count-label";

describe("countLabel", () => {
  it("groups thousands and says image or images", () => {
    expect(countLabel(0)).toBe("0 images");
    expect(countLabel(1)).toBe("1 image");
    expect(countLabel(999)).toBe("999 images");
    expect(countLabel(1234)).toBe("1,234 images");
    expect(countLabel(1234567)).toBe("1,234,567 images");
  });
});
