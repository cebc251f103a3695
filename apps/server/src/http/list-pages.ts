import { createHash } from "node:crypto";
import type { ImageListQuery, ImageListResponse } from "@sawdust/shared";

/** The page cache this layer keeps its text in (the image list's cache, list-cache.ts). */
export interface PageTextCache {
  page(key: string, render: () => Promise<string>, url?: string): Promise<string>;
  pageForUrl(url: string): string | undefined;
}

/** What the catalogue gives this layer: a visitor's page and the key naming it. */
export interface SharedPageSource {
  list(query: ImageListQuery): Promise<ImageListResponse>;
  keyOf(query: ImageListQuery): string;
}

export interface ListPage {
  json: string;
  /** A weak validator of the text: equal text, equal tag. */
  etag: string;
}

const MAX_REMEMBERED = 200;

/**
 * The image list pages everyone without Pro access sees alike (visitors and free members), as
 * JSON text: the catalogue makes the page object, this layer turns it into bytes once and keeps
 * them a few seconds, with an ETag so a browser or CDN can revalidate instead of downloading.
 */
export class ListPages {
  /** The parsed page and tag of each text, remembered by the text itself (no re-parsing). */
  private readonly known = new Map<string, { list: ImageListResponse; etag: string }>();

  constructor(
    private readonly source: SharedPageSource,
    private readonly cache: PageTextCache,
  ) {}

  /** The page for this (validated) query; `url` lets the same URL find it again cheaply. */
  async page(query: ImageListQuery, url?: string): Promise<ListPage> {
    const cached = url === undefined ? undefined : this.cache.pageForUrl(url);
    const json =
      cached ??
      (await this.cache.page(
        this.source.keyOf(query),
        async () => {
          const list = await this.source.list(query);
          const text = JSON.stringify(list);
          this.remember(text, list);
          return text;
        },
        url,
      ));
    return { json, etag: this.entryOf(json).etag };
  }

  /** The page object behind a text this layer made (parsed only if it was made elsewhere). */
  listOf(json: string): ImageListResponse {
    return this.entryOf(json).list;
  }

  private entryOf(json: string) {
    return this.known.get(json) ?? this.remember(json, JSON.parse(json) as ImageListResponse);
  }

  private remember(json: string, list: ImageListResponse) {
    const entry = {
      list,
      etag: `W/"${createHash("sha1").update(json).digest("base64url").slice(0, 22)}"`,
    };
    if (this.known.size >= MAX_REMEMBERED) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(json, entry);
    return entry;
  }
}
