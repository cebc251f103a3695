import { COLLECTION_RULES, MESSAGES } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { collectionEditResolver, newCollectionResolver } from "./collection-form";

/** What a form would do with these values: the body it sends, or each field's message. */
async function check(
  resolver: typeof newCollectionResolver | typeof collectionEditResolver,
  values: { name: string; description: string },
) {
  const result = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, error?.message]),
  );
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body: result.values };
}

describe("newCollectionResolver", () => {
  it("trims the name and description, drops a blank description and makes the collection public", async () => {
    expect(
      await check(newCollectionResolver, { name: "  Dusk  ", description: "  warm light " }),
    ).toEqual({
      ok: true,
      body: { name: "Dusk", description: "warm light", isPublic: true },
    });
    expect(await check(newCollectionResolver, { name: "Dusk", description: "   " })).toEqual({
      ok: true,
      body: { name: "Dusk", description: null, isPublic: true },
    });
  });

  it("refuses an empty or blank name with the spec's message", async () => {
    for (const name of ["", "   "]) {
      expect(await check(newCollectionResolver, { name, description: "" })).toEqual({
        ok: false,
        errors: { name: MESSAGES.validation.collectionNameRequired },
      });
    }
  });

  it("refuses a name or description over the limits", async () => {
    const result = await check(newCollectionResolver, {
      name: "n".repeat(COLLECTION_RULES.nameMax + 1),
      description: "d".repeat(COLLECTION_RULES.descriptionMax + 1),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: MESSAGES.collections.nameTooLong(COLLECTION_RULES.nameMax),
        description: MESSAGES.collections.descriptionTooLong(COLLECTION_RULES.descriptionMax),
      },
    });
  });
});

describe("collectionEditResolver", () => {
  it("sends the trimmed name and description only, a blank description as none", async () => {
    expect(await check(collectionEditResolver, { name: " Night ", description: " " })).toEqual({
      ok: true,
      body: { name: "Night", description: null },
    });
  });

  it("refuses a blank name with the edit dialog's message", async () => {
    expect(await check(collectionEditResolver, { name: "  ", description: "kept" })).toEqual({
      ok: false,
      errors: { name: MESSAGES.validation.collectionNameEmpty },
    });
  });
});
