import { describe, expect, it } from "vitest";
import { sanitiseHeroHtml } from "./sanitise-hero.js";

describe("the hero's HTML", () => {
  it("keeps no character that hides or reverses text, written raw or as an entity (round 42)", () => {
    for (const html of [
      "Support: &#x202E;moc.elpmaxe-live&#x202C; pieces",
      "Support: \u202emoc.elpmaxe-live\u202c pieces",
      "a&#x2066;b&ZeroWidthSpace;c&rlm;d&lrm;e&shy;f&#xE0041;g",
      '<a href="/gallery" title="&#x202E;abc">see</a>',
    ]) {
      const clean = sanitiseHeroHtml(html);
      expect(clean, html).not.toMatch(/\p{Cf}/u);
      // Stable: sanitising again changes nothing.
      expect(sanitiseHeroHtml(clean)).toBe(clean);
    }
    expect(sanitiseHeroHtml("Support: &#x202E;moc.elpmaxe-live&#x202C; pieces")).toBe(
      "Support: moc.elpmaxe-live pieces",
    );
    expect(sanitiseHeroHtml('<a href="/gallery" title="&#x202E;abc">see</a>')).toContain(
      'title="abc"',
    );
  });

  it("keeps the joiners that are writing: a family emoji, a Persian name", () => {
    expect(sanitiseHeroHtml("👨‍👩‍👧 and علی‌رضا")).toBe("👨‍👩‍👧 and علی‌رضا");
  });
});
