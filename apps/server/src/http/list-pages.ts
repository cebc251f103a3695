import { createHash } from "node:crypto";
import type { ImageListQuery, ImageListResponse } from "@sawdust/shared";
import { jsonOfPage } from "../modules/images/list-cache.js";
import { KeptBody } from "./kept-body.js";

/** The page cache this layer keeps its pages in (the image list's cache, list-cache.ts). */
export interface PageCache {
  page<Page>(key: string, render: () => Promise<Page>, url?: string): Promise<Page>;
  pageForUrl<Page>(url: string): Page | undefined;
}

/** What the catalogue gives this layer: a visitor's page and the key naming it. */
export interface SharedPageSource {
  list(query: ImageListQuery): Promise<ImageListResponse>;
  keyOf(query: ImageListQuery): string;
}

/**
 * A page as it is sent, made once: its JSON as bytes (and compressed, once a client asks), a weak
 * validator of them, and the object.
 */
export interface ListPage {
  body: KeptBody;
  /** Equal text, equal tag. */
  etag: string;
  list: ImageListResponse;
}

/**
 * The image list pages everyone without Pro access sees alike (visitors and free members), as
 * JSON: the catalogue makes the page's text, this layer turns it into bytes once (compressed once
 * for each encoding clients accept) and keeps them a few seconds, with an ETag so a browser or
 * CDN can revalidate instead of downloading.
 */
export class ListPages {
  constructor(
    private readonly source: SharedPageSource,
    private readonly cache: PageCache,
  ) {}

  /** The page for this (validated) query; `url` lets the same URL find it again cheaply. */
  async page(query: ImageListQuery, url?: string): Promise<ListPage> {
    const kept = url === undefined ? undefined : this.cache.pageForUrl<ListPage>(url);
    return (
      kept ??
      this.cache.page(
        this.source.keyOf(query),
        async () => listPageOf(await this.source.list(query)),
        url,
      )
    );
  }
}

function listPageOf(list: ImageListResponse): ListPage {
  // The catalogue's pages are made as text (catalogue.service.ts listJson): no serialising here.
  const body = new KeptBody(jsonOfPage(list));
  const etag = `W/"${createHash("sha1").update(body.bytes).digest("base64url").slice(0, 22)}"`;
  return { body, etag, list };
}
