import { zodResolver } from "@hookform/resolvers/zod";
import { ZEditionType, ZUploadFields } from "@sawdust/shared";
import { z } from "zod";
import { priceCentsToSend } from "./price-rules";

/**
 * The upload form's publishing fields (the price typed in dollars) as the multipart fields the
 * server reads, checked by its own schema (ZUploadFields): the edition type, and the price in
 * cents only for an edition that is sold.
 */
export const ZPublishingFields = z
  .object({ editionType: ZEditionType, price: z.string() })
  .transform(({ editionType, price }): z.input<typeof ZUploadFields> => {
    const cents = priceCentsToSend(editionType, price);
    return { editionType, price: cents === null ? undefined : String(cents) };
  })
  .pipe(ZUploadFields);

export const publishingResolver = zodResolver(ZPublishingFields);
