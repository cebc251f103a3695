import { MAX_FIELDS, MAX_INFLATED_FIELD_BYTES, MAX_INFLATED_TOTAL_BYTES } from "./limits.js";
import { inflateBounded } from "./text-decoding.js";

const DEFLATE_MAX_RATIO = 1032;

/**
 * What the container walkers found: text fields by name (the first of a name wins, as readers of
 * A1111 and ComfyUI files do) and whether a C2PA manifest is present. It also holds the file's
 * inflate budget, shared by every compressed chunk.
 */
export class FieldSink {
  readonly fields = new Map<string, string>();
  c2pa = false;
  private inflateBudget = MAX_INFLATED_TOTAL_BYTES;

  add(key: string, text: string): void {
    if (this.fields.size >= MAX_FIELDS || this.fields.has(key)) return;
    this.fields.set(key, text);
  }

  /** Inflates within both the per-field cap and what is left of the file's budget. */
  inflate(compressed: Uint8Array): Buffer | undefined {
    const allowed = Math.min(MAX_INFLATED_FIELD_BYTES, this.inflateBudget);
    const inflated = inflateBounded(compressed, allowed);
    // A failure may have inflated up to `allowed` bytes first (deflate expands at most ~1032:1).
    this.inflateBudget -=
      inflated?.length ?? Math.min(allowed, compressed.length * DEFLATE_MAX_RATIO);
    return inflated;
  }
}
