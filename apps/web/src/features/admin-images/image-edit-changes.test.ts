import type { ImagePatchBody } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { changesOnly } from "./image-edit-changes";

const whole: ImagePatchBody = {
  aiAnalysis: { title: "Old title", description: "New words" },
  tags: ["wave", "sea"],
  style: "ink",
  editionType: "one_of_one",
  price: 38_000,
};

describe("changesOnly", () => {
  it("sends only what the admin changed: a stale form cannot put back another admin's edits", () => {
    expect(changesOnly(whole, { description: true })).toEqual({
      aiAnalysis: { description: "New words" },
    });
    expect(changesOnly(whole, { tags: true, style: true })).toEqual({
      tags: ["wave", "sea"],
      style: "ink",
    });
    expect(changesOnly(whole, {})).toEqual({});
  });

  it("sends the edition's fields together when any of them changed", () => {
    expect(changesOnly(whole, { price: true })).toEqual({
      editionType: "one_of_one",
      price: 38_000,
    });
    expect(
      changesOnly(
        { ...whole, editionType: "limited_edition", maxEditions: 5 },
        { maxEditions: true },
      ),
    ).toEqual({ editionType: "limited_edition", price: 38_000, maxEditions: 5 });
  });
});
