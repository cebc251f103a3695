import { createHmac, timingSafeEqual } from "node:crypto";
import { Semaphore } from "../lib/semaphore.js";
import {
  decodeOnce,
  type EncodedRendition,
  encodeRendition,
  RENDITIONS,
  type RenditionName,
} from "./renditions.js";
import type { Storage } from "./storage/storage.js";

/** Sizes made from an original at once in one process (renderFromOriginal). */
const RENDERS_AT_ONCE = 1;

/** Signed URLs kept for the latest expiry: a few MB at most. */
const SIGNED_URLS_KEPT = 20_000;

/**
 * Where an image's files live and how they are reached:
 *   public/images/{id}/{size}-{hash}.webp  display sizes, content-addressed, cacheable forever
 *   private/images/{id}/original.{ext}     the upload as received
 *   private/images/{id}/{size}-{hash}.webp pro sizes, reached only through signed, expiring URLs
 */
export class MediaStore {
  private readonly inFlight = new Map<string, Promise<EncodedRendition & { key: string }>>();
  /**
   * One size made from an original at a time in this process: each decodes the whole original
   * (300–400 MB for 100 megapixels) and keeps libvips' threads busy. Four Pro downloads of large
   * images at once took 5.6 GB and left public thumbnails waiting 14–40 s; now they take turns.
   */
  private readonly rendering = new Semaphore(RENDERS_AT_ONCE);

  constructor(
    readonly storage: Storage,
    private readonly signingKey: string,
  ) {}

  originalKey(imageId: number, extension: string): string {
    return `private/images/${imageId}/original.${extension}`;
  }

  renditionKey(imageId: number, rendition: EncodedRendition): string {
    const visibility = RENDITIONS[rendition.name].visibility;
    return `${visibility}/images/${imageId}/${rendition.name}-${rendition.hash}.webp`;
  }

  /** The URL of a public key (served by the app at /media, or by the bucket). */
  publicUrl(key: string): string {
    if (!key.startsWith("public/")) throw new Error(`not a public key: ${key}`);
    return `/media/${key.slice("public/".length)}`;
  }

  /**
   * A URL to a private rendition that works until `expiresAt` (epoch seconds). The URLs of the
   * latest expiry asked for are kept (a pure function of their inputs: right in every process),
   * so a page asked for again within the minute its URLs share (images.presenter.ts) signs nothing.
   */
  signedUrl(imageId: number, name: RenditionName, expiresAt: number): string {
    let kept = this.signed;
    if (expiresAt !== kept.expiresAt) {
      if (expiresAt < kept.expiresAt) return this.makeSignedUrl(imageId, name, expiresAt);
      kept = this.signed = { expiresAt, urls: new Map() };
    }
    const key = `${imageId}/${name}`;
    let url = kept.urls.get(key);
    if (url === undefined) {
      url = this.makeSignedUrl(imageId, name, expiresAt);
      if (kept.urls.size < SIGNED_URLS_KEPT) kept.urls.set(key, url);
    }
    return url;
  }

  private signed: { expiresAt: number; urls: Map<string, string> } = {
    expiresAt: 0,
    urls: new Map(),
  };

  private makeSignedUrl(imageId: number, name: RenditionName, expiresAt: number): string {
    return `/media/signed/${imageId}/${name}?exp=${expiresAt}&sig=${this.sign(imageId, name, expiresAt)}`;
  }

  verify(
    imageId: number,
    name: string,
    expiresAt: number,
    signature: string,
    nowSeconds: number,
  ): boolean {
    if (!Number.isFinite(expiresAt) || expiresAt < nowSeconds) return false;
    const expected = Buffer.from(this.sign(imageId, name, expiresAt));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async removeImage(imageId: number): Promise<void> {
    await this.storage.deletePrefix(`public/images/${imageId}`);
    await this.storage.deletePrefix(`private/images/${imageId}`);
  }

  /**
   * Makes a rendition from the stored original and stores it. Concurrent requests for the same
   * rendition in this process share one piece of work.
   */
  renderFromOriginal(
    imageId: number,
    originalKey: string,
    name: RenditionName,
  ): Promise<EncodedRendition & { key: string }> {
    const flightKey = `${imageId}:${name}`;
    const existing = this.inFlight.get(flightKey);
    if (existing) return existing;
    const work = this.rendering
      .run(async () => {
        const decoded = await decodeOnce(await this.storage.readBuffer(originalKey));
        const rendition = await encodeRendition(decoded, name);
        const key = this.renditionKey(imageId, rendition);
        await this.storage.put(key, rendition.data, "image/webp");
        return { ...rendition, key };
      })
      .finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, work);
    return work;
  }

  private sign(imageId: number, name: string, expiresAt: number): string {
    return createHmac("sha256", this.signingKey)
      .update(`${imageId}/${name}/${expiresAt}`)
      .digest("base64url");
  }
}
