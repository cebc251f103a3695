import { describe, expect, it } from "vitest";
import {
  escapeHtml,
  sharedImageIdOf,
  shareMetaTags,
  shorten,
  withShareMeta,
} from "./share-meta.js";

describe("share meta", () => {
  it("recognises only /image/{positive id}", () => {
    expect(sharedImageIdOf("/image/42")).toBe(42);
    expect(sharedImageIdOf("/image/42/")).toBe(42);
    for (const path of [
      "/image/",
      "/image/0",
      "/image/042",
      "/image/4a",
      "/images/4",
      "/image/1/x",
    ]) {
      expect(sharedImageIdOf(path)).toBeUndefined();
    }
  });

  it("escapes the five HTML specials", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });

  it("shortens at a word boundary with an ellipsis, counting characters not UTF-16 units", () => {
    expect(shorten("short  text\n here")).toBe("short text here");
    const long = "word ".repeat(100);
    const cut = shorten(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
    expect(Array.from(shorten("🐉".repeat(300), 200))).toHaveLength(200);
  });

  it("puts the tags before </head>, or after the doctype when the head is not closed", () => {
    const tags = shareMetaTags(
      {
        id: 3,
        title: "T",
        description: null,
        image: { url: "/media/x.webp", width: 1, height: 2 },
      },
      "https://a.example",
    );
    expect(tags).toContain('<meta property="og:image" content="https://a.example/media/x.webp" />');
    const full = withShareMeta("<html><head><title>S</title></head><body></body></html>", tags);
    expect(full).toMatch(/^<html><head>\s*<title>T · Sawdust<\/title>[\s\S]*<\/head><body>/);
    const bare = withShareMeta("<!doctype html><title>Sawdust</title><div id=root>", tags);
    expect(bare.startsWith("<!doctype html>\n<title>T · Sawdust</title>")).toBe(true);
    expect(bare.endsWith("<div id=root>")).toBe(true);
  });

  it("keeps an absolute image URL (storage elsewhere) as it is", () => {
    const tags = shareMetaTags(
      {
        id: 3,
        title: "T",
        description: "D",
        image: { url: "https://cdn.example/x.webp", width: 1, height: 1 },
      },
      "https://a.example",
    );
    expect(tags).toContain('content="https://cdn.example/x.webp"');
  });
});
