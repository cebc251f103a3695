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

  it("takes joiners between visible characters: Persian, Bengali, emoji sequences", () => {
    for (const name of ["علی‌رضا", "ক্ষ্‍মা", "Kai 👨‍👩‍👧", "Kai 🏳️‍🌈"]) {
      expect(ZProfileBody.safeParse({ displayName: name }).data?.displayName, name).toBe(name);
    }
  });

  it("refuses every bidi control, and a joiner that joins nothing", () => {
    const controls = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067"];
    controls.push("\u2068", "\u2069", "\u200e", "\u200f", "\u061c");
    for (const control of controls) {
      expect(messageOf(`Ada${control} Lovelace`), JSON.stringify(control)).toBe(
        MESSAGES.validation.displayNameInvisible,
      );
    }
    for (const name of [
      "\u200dAda",
      "Ada\u200c",
      "Ada \u200d Lovelace",
      "Ada\u200d\u200dLovelace",
    ]) {
      expect(messageOf(name), JSON.stringify(name)).toBe(MESSAGES.validation.displayNameInvisible);
    }
  });

  it("reads a name typed decomposed as composed, and counts it so", () => {
    expect(ZProfileBody.parse({ displayName: "Zoe\u0308" }).displayName).toBe("Zoë");
    const long = "e\u0301".repeat(80);
    expect(ZProfileBody.parse({ displayName: long }).displayName).toBe("é".repeat(80));
    expect(ZProfileBody.parse({ bio: "a\u0301".repeat(500) }).bio).toBe("á".repeat(500));
  });
});

describe("the profile's social links", () => {
  const linkMessage = (network: string, link: string) =>
    ZProfileBody.safeParse({ socialLinks: { [network]: link } }).error?.issues[0]?.message;

  it("takes a handle, with its @ or without, and an http(s) address", () => {
    const links = {
      instagram: "@mira.vale",
      twitter: "mira_vale",
      facebook: "https://facebook.com/mira.vale",
      behance: "http://behance.net/mira-vale",
      dribbble: " https://dribbble.com/mira ",
    };
    expect(ZProfileBody.parse({ socialLinks: links }).socialLinks).toEqual({
      ...links,
      dribbble: "https://dribbble.com/mira",
    });
  });

  it("refuses any other scheme, and text that is neither, naming the network", () => {
    const refused = [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "ftp://dribbble.com/mira",
      "dribbble.com/mira",
      "//dribbble.com/mira",
      "mira vale",
      "https://localhost/mira",
    ];
    for (const link of refused) {
      expect(linkMessage("dribbble", link), link).toBe(
        MESSAGES.profile.socialLinkInvalid("Dribbble"),
      );
    }
    expect(linkMessage("instagram", "javascript:alert(1)")).toBe(
      MESSAGES.profile.socialLinkInvalid("Instagram"),
    );
  });

  it("still drops a blank link", () => {
    expect(ZProfileBody.parse({ socialLinks: { twitter: "  " } }).socialLinks).toEqual({});
  });
});
