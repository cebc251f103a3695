import { z } from "zod";

/**
 * Digits as a person writes a row's id, and the near misses that deserve their own message
 * (a fraction, a sign, zero): no leading zero, no fraction of zeros. Anything else, such as
 * `0x14`, `1e1`, `+20`, ` 20`, `020` or `20.0`, which `Number()` would read as an id too, is
 * refused: one resource, one URL.
 */
const ID_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9][0-9]*)?$/;

/** Digits with leading zeros (`057`): a number, but not written as its one URL writes it. */
const LEADING_ZEROS = /^-?0[0-9]+(?:\.[0-9]+)?$/;

/**
 * A row's id in a URL (`/…/{id}`): a positive whole number, read from the path's text, with
 * messages that name what the id is of ("The image id must be a number"). `meta` goes on the
 * number, where the OpenAPI document reads it (metadata on the whole would be dropped).
 */
export const zRowId = (noun: string, meta?: { examples: number[] }) =>
  z.preprocess(
    (value) => (typeof value === "string" && ID_TEXT.test(value) ? Number(value) : value),
    z
      .number({
        // `057` is a number to whoever wrote it: "must be a number" would puzzle them.
        error: (issue) =>
          typeof issue.input === "string" && LEADING_ZEROS.test(issue.input)
            ? `The ${noun} id must be a whole number without leading zeros`
            : `The ${noun} id must be a number`,
      })
      .int(`The ${noun} id must be a whole number`)
      .positive(`The ${noun} id must be positive`)
      .max(2 ** 52, `The ${noun} id is too large`)
      .meta(meta ?? {}),
  );
