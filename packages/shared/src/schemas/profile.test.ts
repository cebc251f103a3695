import { describe, expect, it } from "vitest";
import * as MESSAGES from "../messages/index.js";
import { ZProfileBody } from "./profile.js";

const messageOf = (displayName: string) =>
  ZProfileBody.safeParse({ displayName }).error?.issues[0]?.message;

describe("the profile's display name", () => {
  it("takes names in any script", () => {
    for (const name of ["Ada Lovelace", "山田 太郎", "Zoë", "محمد", "Ada (she/her)"]) {
      expect(ZProfileBody.parse({ displayName: name }).displayName).toBe(name);
    }
  });

  it("refuses hidden formatting, nothing to read, and the look of a username", () => {
    expect(messageOf("\u202enimda@")).toBe(MESSAGES.validation.displayNameInvisible);
    expect(messageOf("Ada\u200bLovelace")).toBe(MESSAGES.validation.displayNameInvisible);
    expect(messageOf("\u200b\u200b")).toBe(MESSAGES.validation.displayNameInvisible);
    expect(messageOf("...")).toBe(MESSAGES.validation.displayNameInvisible);
    expect(messageOf("\u3164\u3164")).toBe(MESSAGES.validation.displayNameInvisible);
    expect(messageOf("\u2800\u2800")).toBe(MESSAGES.validation.displayNameInvisible);
    expect(messageOf("@admin")).toBe(MESSAGES.validation.displayNameAt);
  });
});
