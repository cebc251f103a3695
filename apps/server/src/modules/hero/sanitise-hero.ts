import { HERO_RULES, withoutHiddenFormatting } from "@sawdust/shared";
import sanitizeHtml from "sanitize-html";

/**
 * Elements whose content goes with them: scripts, styles and raw-text or foreign elements, whose
 * text is code or markup rather than words a visitor should read (sanitize-html keeps the text of
 * any other element it removes). `xmp`, `noembed`, `noframes`, `plaintext` and `iframe` are raw
 * text to the parser: their content must never be re-emitted as text.
 */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "plaintext",
  "iframe",
  "title",
  "template",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "head",
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HERO_RULES.allowedTags],
  // No `style` and no `class` anywhere: either could lay the banner over the page (a class names
  // the app's own utilities, `fixed inset-0 z-50` among them).
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: [...HERO_RULES.linkSchemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  // `//host/path` would be another site on the page's scheme: say it with https:// if meant.
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  transformTags: {
    // A link leaves this page only into a new tab that cannot reach back (`noopener`) nor learn
    // where it came from (`noreferrer`); any other target (a named frame, `_top`) is dropped.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      const newTab = target?.trim().toLowerCase() === "_blank";
      return {
        tagName,
        attribs: {
          ...rest,
          ...(newTab ? { target: "_blank" } : {}),
          rel: "noopener noreferrer",
        },
      };
    },
  },
};

/**
 * The hero's HTML as it may be shown to every visitor (design section 6): only the formatting and
 * link tags of HERO_RULES, links only to http, https, mailto or a path on this site, no attribute
 * but a link's href, title, target and rel; everything else removed (its text kept, except for
 * scripts, styles and the like). Entity and whitespace tricks in a URL are decoded before its
 * scheme is checked. The characters that hide or reverse text (withoutHiddenFormatting) go from
 * what sanitising wrote, where entities such as `&#x202E;` have become the characters they name
 * (round 42). The output is stable: sanitising it again changes nothing.
 */
export function sanitiseHeroHtml(html: string): string {
  return withoutHiddenFormatting(sanitizeHtml(sanitizeHtml(html, OPTIONS), UNLINK_EMPTY)).trim();
}

/**
 * The second pass: a link whose destination was refused is left as its words (a span), not as
 * an underlined link that goes nowhere. It runs over the first pass's output, whose hrefs are
 * all allowed already.
 */
const UNLINK_EMPTY: sanitizeHtml.IOptions = {
  ...OPTIONS,
  transformTags: {
    a: (tagName, attribs) =>
      attribs.href ? { tagName, attribs } : { tagName: "span", attribs: {} },
  },
};

/** Whether sanitised HTML has any words left to read (tags and entities aside). */
export function hasVisibleText(html: string): boolean {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\s/g, "").length > 0;
}
