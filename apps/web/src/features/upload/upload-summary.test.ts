import { describe, expect, it } from "vitest";
import { uploadCountText, uploadPercent } from "./upload-summary";

describe("upload progress", () => {
  it("counts files, as the count beside it does", () => {
    expect(uploadPercent(0, 0, 6)).toBe(0);
    expect(uploadPercent(3, 0, 6)).toBe(50);
    expect(uploadPercent(6, 0, 6)).toBe(100);
  });

  it("moves with the current file's bytes, but stops short of its share until the server answers", () => {
    expect(uploadPercent(0, 0.5, 2)).toBe(22);
    // All of the last file's bytes sent: not 100% while the server still works on it.
    expect(uploadPercent(5, 1, 6)).toBe(98);
    expect(uploadPercent(0, 1, 1)).toBe(90);
    expect(uploadPercent(0, 0, 0)).toBe(0);
  });

  it("says how many failed, once any has", () => {
    expect(uploadCountText(3, 0, 6)).toBe("3 of 6 uploaded");
    expect(uploadCountText(3, 1, 6)).toBe("3 of 6 uploaded, 1 failed");
  });
});
