/**
 * A picture's ThumbHash as a placeholder: its average colour at once, its blurred preview once the
 * decoder has loaded. The decoder (the `thumbhash` package, ~1.1 kB gzip) is not in a page's first
 * JavaScript (issue 20): a server-rendered page's pictures show their average colour, and only
 * pictures the app adds later (more pages, the detail dialog) show it blurred, by which time the
 * decoder has been asked for.
 */

/** The ThumbHash's bytes, from the base64 the API sends. */
export function thumbHashBytes(thumbhash: string): Uint8Array {
  return Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));
}

/**
 * The average colour a ThumbHash stores in its first three bytes (its DC terms in the LPQ colour
 * space), as `rgb(r g b)`: what the package's `thumbHashToAverageRGBA` gives, without the
 * package. thumbhash-preview.test.ts checks the two agree.
 */
export function averageColourOf(hash: Uint8Array): string {
  const header = (hash[0] ?? 0) | ((hash[1] ?? 0) << 8) | ((hash[2] ?? 0) << 16);
  const l = (header & 63) / 63;
  const p = ((header >> 6) & 63) / 31.5 - 1;
  const q = ((header >> 12) & 63) / 31.5 - 1;
  const b = l - (2 / 3) * p;
  const r = (3 * l - b + q) / 2;
  const g = r - q;
  const channel = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 255);
  return `rgb(${channel(r)} ${channel(g)} ${channel(b)})`;
}

type Decoder = (hash: Uint8Array) => string;
let decoder: Decoder | undefined;
let loading: Promise<Decoder | undefined> | undefined;

/** The blurred preview's decoder if it has loaded, else undefined. */
export function loadedDecoder(): Decoder | undefined {
  return decoder;
}

/** Loads the decoder once; undefined when its file could not be fetched (the colour stays). */
export function loadDecoder(): Promise<Decoder | undefined> {
  loading ??= import("thumbhash").then(
    (module) => {
      decoder = module.thumbHashToDataURL;
      return decoder;
    },
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}
