import { UPLOAD_FIELD_MESSAGES } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { ZPublishingFields } from "./publishing-fields";

describe("ZPublishingFields", () => {
  it("reads the fields as the server stores them: the price in cents, for sold editions only", () => {
    expect(ZPublishingFields.parse({ editionType: "open_edition", price: "12.5" })).toEqual({
      editionType: "open_edition",
      priceCents: 1250,
    });
    expect(ZPublishingFields.parse({ editionType: "one_of_one", price: "" })).toEqual({
      editionType: "one_of_one",
      priceCents: null,
    });
    expect(ZPublishingFields.parse({ editionType: "sawdust_gallery", price: "25" })).toEqual({
      editionType: "sawdust_gallery",
      priceCents: null,
    });
  });

  it("refuses a price the server would refuse, with its message, under the price", () => {
    const refused = ZPublishingFields.safeParse({ editionType: "open_edition", price: "1e8" });
    expect(refused.error?.issues).toMatchObject([
      { path: ["price"], message: UPLOAD_FIELD_MESSAGES.price },
    ]);
  });
});
