import {
  DETAIL_STAGE_SIZES,
  displaySrcSet,
  EDITION_LABELS,
  editionCapOf,
  editionForSale,
  type Image,
  paths,
  slugifyTag,
  tagHeading,
} from "@sawdust/shared";
import type { ShareCard } from "../modules/images/catalogue.service.js";
import { galleryListParams } from "./gallery-preload.js";
import { escapeHtml, SHARE_DESCRIPTION_CHARS, sharedImageIdOf, shorten } from "./share-meta.js";

/** The public pages a link can land on; each is rendered for visitors and has its own head. */
export type PublicPage =
  | { kind: "gallery" }
  | { kind: "image"; imageId: number }
  | { kind: "explore" }
  | { kind: "tag"; tag: string }
  | { kind: "oneOfOne" }
  | { kind: "openEditions" };

const EDITION_AVAILABILITY = ["all", "available", "sold"] as const;

/** The public page at this path, or undefined for any other (members' pages, admin, sign-in…). */
export function publicPageOf(path: string): PublicPage | undefined {
  if (path === "/" || path === paths.gallery.path) return { kind: "gallery" };
  const imageId = sharedImageIdOf(path);
  if (imageId !== undefined) return { kind: "image", imageId };
  if (path === paths.explore.path) return { kind: "explore" };
  if (path === paths.oneOfOne.path) return { kind: "oneOfOne" };
  if (path === paths.openEditions.path) return { kind: "openEditions" };
  const tag = /^\/tag\/([^/]+)$/.exec(path)?.[1];
  if (tag !== undefined) {
    try {
      return { kind: "tag", tag: decodeURIComponent(tag) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A page's own title, description and canonical address (the query keeps only what it reads). */
export interface PageHead {
  title: string;
  description: string;
  /** Path and query, relative to the site. */
  canonical: string;
}

function withQuery(path: string, entries: Array<[string, string | undefined]>): string {
  const query = new URLSearchParams(
    entries.filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The head of every public page but an image's (whose title and description are the artwork's,
 * shareMetaTags): titles as the app writes them once it runs (`Explore · Site`), so nothing changes
 * when it takes the page over.
 */
export function pageHeadOf(
  page: Exclude<PublicPage, { kind: "image" }>,
  path: string,
  search: URLSearchParams,
  siteName: string,
): PageHead {
  const availability = EDITION_AVAILABILITY.find((value) => value === search.get("availability"));
  switch (page.kind) {
    case "gallery": {
      const { tag, style, color } = galleryListParams(search);
      return {
        title: `Gallery · ${siteName}`,
        description: `${siteName}: a gallery and marketplace for AI-generated artwork.`,
        canonical: withQuery(path, [
          ["tag", tag],
          ["style", style],
          ["color", color],
        ]),
      };
    }
    case "explore":
      return {
        title: `Explore · ${siteName}`,
        description: `Find your next piece on ${siteName} by subject, style or colour: every tag, with how many images carry it.`,
        canonical: withQuery(path, [["tag", search.get("tag")?.trim() || undefined]]),
      };
    case "tag": {
      const tag = slugifyTag(page.tag);
      const label = tagHeading(page.tag);
      return {
        title: `${label} · ${siteName}`,
        description: `AI-generated artwork tagged ${label} on ${siteName}.`,
        canonical: paths.tag.getHref(tag || page.tag),
      };
    }
    case "oneOfOne":
      return {
        title: `${EDITION_LABELS.one_of_one} · ${siteName}`,
        description: `Exclusive one-of-a-kind pieces on ${siteName}. Each exists once, for one collector.`,
        canonical: withQuery(path, [["availability", availability]]),
      };
    case "openEditions":
      return {
        title: `Editions · ${siteName}`,
        description: `Open and limited editions on ${siteName}: the same artwork, printed for more than one wall.`,
        canonical: withQuery(path, [["availability", availability]]),
      };
  }
}

/** The title, description and canonical link of a page, every value escaped. */
export function pageHeadTags(head: PageHead, siteName: string, publicUrl: string): string {
  const url = new URL(head.canonical, publicUrl).href;
  const description = shorten(head.description, SHARE_DESCRIPTION_CHARS);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
  ].join("\n");
}

/** What a piece costs a buyer now (the standard licence), in cents; null when it is not for sale. */
function askingPriceOf(image: Image): number | null {
  if (!editionForSale(image.editionType)) return null;
  const cap = editionCapOf(image.editionType, image.maxEditions);
  if (cap !== null && image.soldEditions >= cap) return null;
  return image.licencePrices?.standard ?? image.price;
}

/**
 * The artwork's structured data (schema.org VisualArtwork and ImageObject, as JSON-LD): its name,
 * description, picture, creator (the site), licence, offer when it is for sale, and date.
 */
export function artworkJsonLd(
  image: Image,
  card: ShareCard,
  siteName: string,
  publicUrl: string,
): Record<string, unknown> {
  const absolute = (url: string) => new URL(url, publicUrl).href;
  const pageUrl = absolute(paths.image.getHref(image.id));
  const price = askingPriceOf(image);
  const creator = { "@type": "Organization", name: siteName, url: absolute("/") };
  return {
    "@context": "https://schema.org",
    "@type": ["VisualArtwork", "ImageObject"],
    "@id": pageUrl,
    url: pageUrl,
    name: card.title?.trim() || `Artwork #${image.id}`,
    description: card.description?.trim() || "AI-generated artwork.",
    contentUrl: absolute(card.image?.url ?? image.urlLarge),
    thumbnailUrl: absolute(image.urlSmall),
    ...(card.image ? { width: card.image.width, height: card.image.height } : {}),
    artform: "Digital art",
    creator,
    creditText: siteName,
    copyrightHolder: creator,
    license: absolute(paths.licence.getHref()),
    acquireLicensePage: pageUrl,
    keywords: image.tags.join(", "),
    dateCreated: image.createdAt,
    ...(price !== null
      ? {
          offers: {
            "@type": "Offer",
            price: (price / 100).toFixed(2),
            priceCurrency: "USD",
            availability: "https://schema.org/InStock",
            url: pageUrl,
          },
        }
      : {}),
  };
}

/**
 * JSON-LD in its script element. `<`, `>` and `&` are written as JSON escapes, so no title can
 * close the element (`</script>`) or open a comment; the JSON reads the same.
 */
export function jsonLdScript(data: Record<string, unknown>): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/ld+json">${json}</script>`;
}

/**
 * The share page's artwork as the first picture the browser fetches: the rendition the detail
 * dialog's `<img>` picks, by the same srcset and sizes.
 */
export function artworkPreloadTag(image: Image): string {
  return `<link rel="preload" as="image" href="${escapeHtml(image.urlSmall)}" imagesrcset="${escapeHtml(displaySrcSet(image))}" imagesizes="${escapeHtml(DETAIL_STAGE_SIZES)}" fetchpriority="high">`;
}
