import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { changedMeanwhile, changesOnto, saveChanges } from "./save-changes";

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
      loaded: stored,
      conflict: "Someone else saved",
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
        loaded: stored,
        conflict: "Someone else saved",
      });
    await expect(refuse(412)).rejects.toMatchObject({ status: 412 });
    expect(writes).toBe(3);
    writes = 0;
    await expect(refuse(400)).rejects.toMatchObject({ status: 400 });
    expect(writes).toBe(1);
  });
});

describe("changedMeanwhile (round 63)", () => {
  const form = { ...stored, siteName: "Mine", freeTier: { monthlyDownloads: 3, collections: 5 } };

  it("is true when a field this admin changed was saved otherwise since the form loaded", () => {
    const latest = { ...stored, siteName: "Theirs" };
    expect(changedMeanwhile(stored, latest, form, { siteName: true })).toBe(true);
    const nested = { ...stored, freeTier: { monthlyDownloads: 7, collections: 5 } };
    expect(changedMeanwhile(stored, nested, form, { freeTier: { monthlyDownloads: true } })).toBe(
      true,
    );
    // An array is one field.
    expect(changedMeanwhile(stored, { ...stored, tags: ["z"] }, form, { tags: [true] })).toBe(true);
  });

  it("is false when only fields this admin left alone changed, or the server holds their value", () => {
    const latest = {
      ...stored,
      registrationOpen: true,
      freeTier: { monthlyDownloads: 10, collections: 1 },
    };
    expect(
      changedMeanwhile(stored, latest, form, {
        siteName: true,
        freeTier: { monthlyDownloads: true },
      }),
    ).toBe(false);
    expect(changedMeanwhile(stored, stored, form, { siteName: true })).toBe(false);
    // The other admin saved exactly what this one typed: nothing of theirs is lost.
    expect(
      changedMeanwhile(stored, { ...stored, siteName: "Mine" }, form, { siteName: true }),
    ).toBe(false);
  });
});

describe("saveChanges refuses a field changed on both sides (round 63)", () => {
  it("writes nothing and fails with the conflict message as a 412", async () => {
    let writes = 0;
    const saving = saveChanges({
      read: async () => ({ data: { ...stored, siteName: "Other admin" }, version: '"v2"' }),
      write: async (value) => {
        writes++;
        return value;
      },
      values: { ...stored, siteName: "Mine" },
      changed: { siteName: true },
      loaded: stored,
      conflict: "Someone else saved",
    });
    await expect(saving).rejects.toMatchObject({ status: 412, body: "Someone else saved" });
    expect(writes).toBe(0);
  });

  it("checks again after a save that came in between its read and its write", async () => {
    const versions = [
      { data: stored, version: '"v1"' },
      { data: { ...stored, siteName: "Other admin" }, version: '"v2"' },
    ];
    const writes: Array<string | undefined> = [];
    const saving = saveChanges({
      read: async () => versions.shift() ?? { data: stored, version: null },
      write: async (value, version) => {
        writes.push(version);
        if (version === '"v1"') throw new ApiRequestError(412, "Precondition Failed", "changed");
        return value;
      },
      values: { ...stored, siteName: "Mine" },
      changed: { siteName: true },
      loaded: stored,
      conflict: "Someone else saved",
    });
    await expect(saving).rejects.toMatchObject({ status: 412, body: "Someone else saved" });
    expect(writes).toEqual(['"v1"']);
  });
});
