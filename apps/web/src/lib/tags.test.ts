import { describe, expect, it } from "vitest";
import { imageCountLabel, tagLabel } from "./tags";

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

describe("imageCountLabel", () => {
  it.each([
    [0, "0 images"],
    [1, "1 image"],
    [12, "12 images"],
    [1250, "1,250 images"],
  ])("counts %i as %j", (count, label) => {
    expect(imageCountLabel(count)).toBe(label);
  });
});
