import { describe, expect, it } from "vitest";
import { tagLabel } from "./tags";

describe("tagLabel", () => {
  it.each([
    ["nature", "Nature"],
    ["still-life", "Still Life"],
    ["3d-render", "3d Render"],
    ["a--b", "A B"],
  ])("shows %j as %j", (tag, label) => {
    expect(tagLabel(tag)).toBe(label);
  });
});
