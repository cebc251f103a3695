import { describe, expect, it } from "vitest";
import { styleOf, tagsShown, titleOf } from "./image-text";

describe("the admin table's cells", () => {
  it("says 'Untitled' and 'None' for what is missing", () => {
    expect(titleOf({ aiAnalysis: { title: "  " } })).toBe("Untitled");
    expect(titleOf({ aiAnalysis: { title: null } })).toBe("Untitled");
    expect(titleOf({ aiAnalysis: { title: "Dusk" } })).toBe("Dusk");
    expect(styleOf({ style: null })).toBe("None");
    expect(styleOf({ style: "watercolor, ink" })).toBe("watercolor, ink");
  });

  it("shows three tags and '+N more'", () => {
    expect(tagsShown(["a", "b"])).toEqual({ shown: ["a", "b"], more: null });
    expect(tagsShown(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: null });
    expect(tagsShown(["a", "b", "c", "d", "e"])).toEqual({
      shown: ["a", "b", "c"],
      more: "+2 more",
    });
  });
});
