/**
 * Every bound the reader keeps, in one place. Uploads are hostile until proven otherwise: a file
 * may declare a 4 GB chunk, hold a zip bomb in a zTXt chunk or nest JSON a million deep, and the
 * reader must still answer quickly without throwing.
 */

/** Bytes of the upload the container walkers look at; metadata lives near the start. */
export const MAX_SCANNED_BYTES = 64 * 1024 * 1024;

/** PNG chunks, JPEG segments or RIFF chunks visited before the walk gives up. */
export const MAX_CONTAINER_ITEMS = 10_000;

/** Bytes of one chunk's payload that are decoded as text (or fed to the inflater). */
export const MAX_FIELD_INPUT_BYTES = 4 * 1024 * 1024;

/** Bytes one compressed text chunk (zTXt, iTXt) may inflate to; larger ones are skipped. */
export const MAX_INFLATED_FIELD_BYTES = 2 * 1024 * 1024;

/** Bytes all compressed chunks of one file may inflate to together, so 10,000 bombs cost little. */
export const MAX_INFLATED_TOTAL_BYTES = 8 * 1024 * 1024;

/** Text fields kept per file; later ones are ignored. */
export const MAX_FIELDS = 64;

/** Characters of each field kept in `raw`. */
export const MAX_RAW_FIELD_CHARS = 20_000;

/** Characters kept of a prompt or negative prompt. */
export const MAX_PROMPT_CHARS = 20_000;

/** Characters of a short value (model, sampler, software) kept. */
export const MAX_SHORT_TEXT_CHARS = 500;

/** Deepest JSON nesting parsed; deeper documents are treated as unreadable. */
export const MAX_JSON_DEPTH = 64;

/** Characters of a JSON document parsed. */
export const MAX_JSON_CHARS = MAX_INFLATED_FIELD_BYTES * 2;

/** Nodes of a ComfyUI graph, and hops along its links, that the resolver follows. */
export const MAX_GRAPH_NODES = 5_000;
export const MAX_GRAPH_HOPS = 32;
