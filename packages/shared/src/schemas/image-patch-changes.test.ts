import { describe, expect, it } from "vitest";
import { changedImagePatch, type ImagePatchBody } from "./images";

const whole: ImagePatchBody = {
  aiAnalysis: { title: "Old title", description: "New words" },
  tags: ["wave", "sea"],
  style: "ink",
  editionType: "one_of_one",
  price: 38_000,
};

describe("changedImagePatch", () => {
  it("sends only what the admin changed: a stale form cannot put back another admin's edits", () => {
    expect(changedImagePatch(whole, { description: true })).toEqual({
      aiAnalysis: { description: "New words" },
    });
    expect(changedImagePatch(whole, { tags: true, style: true })).toEqual({
      tags: ["wave", "sea"],
      style: "ink",
    });
    expect(changedImagePatch(whole, {})).toEqual({});
  });

  it("sends the edition's fields together when any of them changed", () => {
    expect(changedImagePatch(whole, { price: true })).toEqual({
      editionType: "one_of_one",
      price: 38_000,
    });
    expect(
      changedImagePatch(
        { ...whole, editionType: "limited_edition", maxEditions: 5 },
        { maxEditions: true },
      ),
    ).toEqual({ editionType: "limited_edition", price: 38_000, maxEditions: 5 });
  });
});
