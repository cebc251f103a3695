import { zodResolver } from "@hookform/resolvers/zod";
import { typedPriceProblem, ZEditionType, ZUploadFields } from "@sawdust/shared";
import { z } from "zod";
import { isPricedEdition, priceCentsToSend } from "./price-rules";

/**
 * The upload form's publishing fields (the price typed in dollars) as the multipart fields the
 * server reads, checked by its own schema (ZUploadFields): the edition type, and the price in
 * cents only for an edition that is sold.
 */
export const ZPublishingFields = z
  .object({ editionType: ZEditionType, price: z.string() })
  // The price as typed, in dollars and in the edit form's words (round 55: a price over the
  // bound was refused in cents); a Sawdust Gallery piece sends none, whatever the hidden field holds.
  .superRefine(({ editionType, price }, ctx) => {
    const problem = isPricedEdition(editionType) ? typedPriceProblem(price) : undefined;
    if (problem) ctx.addIssue({ code: "custom", path: ["price"], message: problem });
  })
  .transform(({ editionType, price }): z.input<typeof ZUploadFields> => {
    const cents = priceCentsToSend(editionType, price);
    return { editionType, price: cents === null ? undefined : String(cents) };
  })
  .pipe(ZUploadFields);

export const publishingResolver = zodResolver(ZPublishingFields);
