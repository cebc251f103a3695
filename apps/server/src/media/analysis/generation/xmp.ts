import type { FieldSink } from "./field-sink.js";
import { MAX_FIELD_INPUT_BYTES } from "./limits.js";
import { decodeUtf8 } from "./text-decoding.js";

/**
 * Reads the few XMP properties that carry an AI image's description into the sink as
 * `xmp:<property>` fields: dc:description and dc:title (language alternatives, x-default first),
 * xmp:CreatorTool and exif:UserComment. A string search, not an XML parser: XMP written by image
 * tools uses these prefixes, and a search cannot be made to recurse, expand entities or backtrack.
 */
export function readXmpFields(packet: Uint8Array, sink: FieldSink): void {
  const xml = decodeUtf8(packet.subarray(0, MAX_FIELD_INPUT_BYTES));
  for (const property of ["dc:description", "dc:title", "exif:UserComment"]) {
    const text = elementText(xml, property) ?? attributeText(xml, property);
    if (text !== undefined) sink.add(`xmp:${property}`, text);
  }
  const tool = attributeText(xml, "xmp:CreatorTool") ?? elementText(xml, "xmp:CreatorTool");
  if (tool !== undefined) sink.add("xmp:CreatorTool", tool);
}

/** The text of the first `<name>` element: its x-default (else first) rdf:li if it has any. */
function elementText(xml: string, name: string): string | undefined {
  const open = findOpenTag(xml, name, 0);
  if (open === undefined) return undefined;
  if (open.selfClosing) return undefined;
  const close = xml.indexOf(`</${name}>`, open.end);
  if (close === -1) return undefined;
  const content = xml.slice(open.end, close);
  const items = listItems(content);
  const chosen = items.find((item) => item.isDefault) ?? items[0];
  const text = decodeXmlText(chosen === undefined ? content : chosen.text);
  return text === "" ? undefined : text;
}

/** The value of `name="…"` written as an attribute of rdf:Description. */
function attributeText(xml: string, name: string): string | undefined {
  for (const quote of ['"', "'"]) {
    const marker = `${name}=${quote}`;
    const at = xml.indexOf(marker);
    if (at === -1) continue;
    const start = at + marker.length;
    const end = xml.indexOf(quote, start);
    if (end === -1) continue;
    const text = decodeXmlText(xml.slice(start, end));
    if (text !== "") return text;
  }
  return undefined;
}

interface OpenTag {
  end: number;
  selfClosing: boolean;
  attributes: string;
}

function findOpenTag(xml: string, name: string, from: number): OpenTag | undefined {
  let at = xml.indexOf(`<${name}`, from);
  while (at !== -1) {
    const after = xml.charCodeAt(at + name.length + 1);
    // `<dc:title` must not match `<dc:titles`: the name ends at whitespace, `>` or `/`.
    if (
      after === 0x3e ||
      after === 0x2f ||
      after === 0x20 ||
      after === 0x09 ||
      after === 0x0a ||
      after === 0x0d
    ) {
      const end = xml.indexOf(">", at);
      if (end === -1) return undefined;
      const attributes = xml.slice(at + name.length + 1, end);
      return { end: end + 1, selfClosing: attributes.endsWith("/"), attributes };
    }
    at = xml.indexOf(`<${name}`, at + 1);
  }
  return undefined;
}

interface ListItem {
  text: string;
  isDefault: boolean;
}

const MAX_LIST_ITEMS = 32;

function listItems(content: string): ListItem[] {
  const items: ListItem[] = [];
  let from = 0;
  while (items.length < MAX_LIST_ITEMS) {
    const open = findOpenTag(content, "rdf:li", from);
    if (open === undefined || open.selfClosing) break;
    const close = content.indexOf("</rdf:li>", open.end);
    if (close === -1) break;
    items.push({
      text: content.slice(open.end, close),
      isDefault: open.attributes.includes("x-default"),
    });
    from = close;
  }
  return items;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** Element text without markup, CDATA unwrapped, the five XML entities and numeric references decoded. */
export function decodeXmlText(raw: string): string {
  return decodeEntities(stripMarkup(raw)).trim();
}

/**
 * Drops tags and unwraps CDATA sections with indexOf walks: each search moves forward and an
 * unclosed `<` ends the walk, so the cost stays linear whatever the input (a regex could not
 * promise that on a megabyte of `<<<<`).
 */
function stripMarkup(raw: string): string {
  let out = "";
  let at = 0;
  while (at < raw.length) {
    const open = raw.indexOf("<", at);
    if (open === -1) break;
    out += raw.slice(at, open);
    if (raw.startsWith(CDATA_OPEN, open)) {
      const close = raw.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
      if (close === -1) return out + raw.slice(open + CDATA_OPEN.length);
      out += raw.slice(open + CDATA_OPEN.length, close);
      at = close + CDATA_CLOSE.length;
      continue;
    }
    const close = raw.indexOf(">", open);
    if (close === -1) return out;
    at = close + 1;
  }
  return out + raw.slice(at);
}

const CDATA_OPEN = "<![CDATA[";
const CDATA_CLOSE = "]]>";

function decodeEntities(text: string): string {
  return text.replace(
    /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,4});/g,
    (entity, body: string) => {
      if (body.startsWith("#")) {
        const code = body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return Object.hasOwn(NAMED_ENTITIES, body) ? (NAMED_ENTITIES[body] ?? entity) : entity;
    },
  );
}
