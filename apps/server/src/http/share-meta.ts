import { DEFAULT_SITE_SETTINGS } from "@sawdust/shared";
import type { ShareCard } from "../modules/images/catalogue.service.js";

const SITE_NAME = DEFAULT_SITE_SETTINGS.siteName;
/** Longer descriptions are cut: link previews show about this much. */
export const SHARE_DESCRIPTION_CHARS = 200;
/** What a piece with no description is said to be, on the site by its name in the settings. */
const fallbackDescription = (siteName: string) => `AI-generated artwork on ${siteName}.`;

/** An image page's path: /image/{id}, the spec's share link. */
const IMAGE_PAGE = /^\/image\/([1-9]\d{0,14})\/?$/;

/** The image id of a share-link path, or undefined for any other page. */
export function sharedImageIdOf(path: string): number | undefined {
  const match = IMAGE_PAGE.exec(path);
  return match ? Number(match[1]) : undefined;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis. */
export function shorten(text: string, max = SHARE_DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The Open Graph and Twitter card tags (and the page title) of a shared image, every value
 * escaped. `publicUrl` is the site's origin: crawlers need absolute URLs; `siteName` the site
 * setting's name.
 */
export function shareMetaTags(
  card: ShareCard,
  publicUrl: string,
  siteName: string = SITE_NAME,
): string {
  const title = card.title?.trim() || `Artwork #${card.id}`;
  const description = shorten(card.description?.trim() || fallbackDescription(siteName));
  const pageUrl = new URL(`/image/${card.id}`, publicUrl).href;
  const meta = (attribute: "property" | "name", key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    `<title>${escapeHtml(`${title} · ${siteName}`)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    meta("property", "og:site_name", siteName),
    meta("property", "og:type", "article"),
    meta("property", "og:url", pageUrl),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("name", "twitter:card", card.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
  ];
  if (card.image) {
    const imageUrl = new URL(card.image.url, publicUrl).href;
    tags.push(
      meta("property", "og:image", imageUrl),
      meta("property", "og:image:width", card.image.width),
      meta("property", "og:image:height", card.image.height),
      meta("property", "og:image:alt", title),
      meta("name", "twitter:image", imageUrl),
    );
  }
  return tags.join("\n");
}

/**
 * index.html with the share tags in its head: the page's own title and description make way for
 * the image's, and the rest of the page is untouched.
 */
export function withShareMeta(indexHtml: string, tags: string): string {
  const html = indexHtml
    .replace(/[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/i, "")
    .replace(/[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i, "");
  const headEnd = html.search(/<\/head>/i);
  if (headEnd >= 0) {
    // On lines of their own, indented like the head's other children.
    const lineStart = html.lastIndexOf("\n", headEnd - 1) + 1;
    const before = html.slice(lineStart, headEnd);
    if (/^\s*$/.test(before)) {
      const indent = `${before}  `;
      const lines = tags.split("\n").map((line) => `${indent}${line}\n`);
      return `${html.slice(0, lineStart)}${lines.join("")}${html.slice(lineStart)}`;
    }
    return `${html.slice(0, headEnd)}${tags}${html.slice(headEnd)}`;
  }
  // No </head> written out (HTML allows that): right after the doctype is still the head.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = doctype ? doctype[0].length : 0;
  return `${html.slice(0, at)}\n${tags}\n${html.slice(at)}`;
}
