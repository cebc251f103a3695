import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { changesOnto, saveChanges } from "./save-changes";

const stored = {
  siteName: "Sawdust",
  registrationOpen: false,
  freeTier: { monthlyDownloads: 10, collections: 5 },
  tags: ["a"],
};

describe("changesOnto", () => {
  it("takes only the changed fields from the form, nested ones one by one", () => {
    const form = {
      siteName: "Timber",
      registrationOpen: true,
      freeTier: { monthlyDownloads: 3, collections: 1 },
      tags: ["b", "c"],
    };
    expect(
      changesOnto(stored, form, { siteName: true, freeTier: { monthlyDownloads: true } }),
    ).toEqual({
      siteName: "Timber",
      registrationOpen: false,
      freeTier: { monthlyDownloads: 3, collections: 5 },
      tags: ["a"],
    });
    // An array is one field, whichever of its items changed.
    expect(changesOnto(stored, form, { tags: [true, true] }).tags).toEqual(["b", "c"]);
    expect(changesOnto(stored, form, {})).toEqual(stored);
  });
});

describe("saveChanges", () => {
  it("reads again and puts its changes on the newer value when a save came in between", async () => {
    const versions = [
      { data: stored, version: '"v1"' },
      { data: { ...stored, siteName: "Other admin" }, version: '"v2"' },
    ];
    const writes: Array<[unknown, string | undefined]> = [];
    const saved = await saveChanges({
      read: async () => versions.shift() ?? { data: stored, version: null },
      write: async (value, version) => {
        writes.push([value, version]);
        if (version === '"v1"') throw new ApiRequestError(412, "Precondition Failed", "changed");
        return value;
      },
      values: { ...stored, registrationOpen: true },
      changed: { registrationOpen: true },
    });
    expect(writes.map(([, version]) => version)).toEqual(['"v1"', '"v2"']);
    expect(saved).toEqual({ ...stored, siteName: "Other admin", registrationOpen: true });
  });

  it("gives up after three refusals, and never retries another error", async () => {
    let writes = 0;
    const refuse = (status: number) =>
      saveChanges({
        read: async () => ({ data: stored, version: '"v"' }),
        write: async () => {
          writes++;
          throw new ApiRequestError(status, "", "no");
        },
        values: stored,
        changed: {},
      });
    await expect(refuse(412)).rejects.toMatchObject({ status: 412 });
    expect(writes).toBe(3);
    writes = 0;
    await expect(refuse(400)).rejects.toMatchObject({ status: 400 });
    expect(writes).toBe(1);
  });
});
