import { z } from "zod";

/**
 * A row's id in a URL (`/…/{id}`): a positive whole number, read from the path's text, with
 * messages that name what the id is of ("The image id must be a number").
 */
export const zRowId = (noun: string) =>
  z.coerce
    .number({ error: `The ${noun} id must be a number` })
    .int(`The ${noun} id must be a whole number`)
    .positive(`The ${noun} id must be positive`)
    .max(2 ** 52, `The ${noun} id is too large`);
