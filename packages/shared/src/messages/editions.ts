/** What selling editions says (issue 19): the purchase, the library, certificates, admin sales. */
export const editions = {
  notForSale: "This piece is free to download from the Sawdust Gallery and is not for sale.",
  soldOut: "This piece has sold out: every edition has been collected.",
  soldOneOfOne: "This 1/1 has been collected by someone else.",
  /** A 1/1's owner buying it again. */
  alreadyOwnedOneOfOne: "You already own this 1/1: it is in your library.",
  reserved: (minutes: number) =>
    `Someone is at checkout for the last edition of this piece. If they leave, it is released within ${minutes} minutes.`,
  /** A checkout the buyer's newer one for the piece replaced while it was being made. */
  checkoutReplaced:
    "You started another checkout for this piece meanwhile: finish that one, or buy again to start afresh.",
  signInToBuy: "Sign up or sign in to buy this piece.",
  productName: (title: string, licence: string) => `${title} · ${licence} licence`,
  paidRefunded:
    "The piece sold out while you were at checkout, so your payment has been refunded in full.",
  certificateNotFound:
    "No certificate with this id was issued by Sawdust: it is not a genuine certificate.",
  /** `day`: the revocation's UTC day as the site writes dates ("Nov 30, 2026"). */
  certificateRevoked: (day: string) =>
    `This certificate was revoked on ${day} (UTC): the sale was refunded and the edition is no longer owned.`,
  saleNotFound: "No such sale",
  alreadyRefunded: "This sale has already been refunded",
  refunded: "Sale refunded: the ownership and its certificate are revoked.",
  pricesSaved: "Licence prices saved",
  /** Under a licence price the piece's form cannot read. */
  licencePriceInvalid:
    "Enter a price in dollars, such as 25 or 99.50, or leave it blank for the default.",
  /**
   * The Buy button's name, and its dialog's title: which piece it buys, as the edition pages show
   * a Buy under every card. `title` as the page shows it ("Artwork #12" for a piece without one).
   */
  buyPiece: (title: string) => `Buy “${title}”`,
  /**
   * The admin's confirmation before refunding a sale (`price` as the page shows money). A 1/1's
   * or a limited edition's number goes to its next buyer (the smallest no standing sale holds);
   * an open edition's is never handed out again (round 58: the dialog said "not reused" of all).
   */
  refundSaleConfirm: (sale: {
    buyer: string | null;
    price: string;
    title: string;
    editionType: string;
  }) =>
    `${sale.buyer ?? "The buyer"} is refunded ${sale.price} for “${sale.title}”. They stop owning the edition and its certificate is revoked. ${
      sale.editionType === "open_edition"
        ? "Its number is not handed out again."
        : "Its number goes to the next buyer."
    }`,
  /** A sold 1/1 as others see it: its collector named, collected privately, or neither. */
  soldOneOfOneBy: (name: string) => `Sold · 1/1 · collected by ${name}`,
  soldOneOfOnePrivately: "Sold · 1/1 · collected privately",
  soldOneOfOneUnnamed: "Sold · 1/1",
  /** A certificate's buyer to anyone but the buyer, when the buyer collects privately. */
  privateCollector: "A private collector",
  formerMember: "A former member",
  priceChanged: (price: string) =>
    `The price of this licence has changed to ${price}. Check it and buy again.`,
  collectorSection: "Collecting",
  collectorIntro:
    "When you buy a 1/1, its page says who collected it. Certificates always name you to yourself.",
  collectorSwitch: "Show my name on the pieces I collect",
  collectorShown: "Your name now shows on the 1/1s you collect.",
  collectorHidden:
    "Your 1/1s now read “collected privately”, and your certificates show no name to others.",
  availabilityFilter: "Show pieces",
  noneAvailable: "Nothing here is available right now: every piece on this page has sold.",
  noneSold: "Nothing on this page has sold yet.",
  libraryEmpty: "You own no editions yet. Buy a 1/1 or an edition and it appears here.",
  /** /library after a checkout, while the payment's confirmation has not arrived. */
  purchasePending:
    "Thank you: your payment is being confirmed. Your new edition appears here within moments.",
  purchaseSold: (title: string, number: number) =>
    `Thank you: your payment went through. No. ${number} of “${title}” is yours.`,
  /** The payment arrived after the last edition was taken (a hold lapsed) or the piece was withdrawn. */
  purchaseDeclined: (title: string | null) =>
    `Your payment ${title === null ? "for this artwork" : `for “${title}”`} arrived after it was no longer available, so it has been refunded in full. We have sent you an email about it.`,
  /** Sold, then refunded (by the site or the card's bank): the edition is no longer the buyer's. */
  purchaseRefunded: (title: string | null) =>
    `Your purchase ${title === null ? "of this artwork" : `of “${title}”`} has been refunded, so the edition is no longer yours.`,
  /** The checkout ended unpaid: a newer one for the piece replaced it, or its time ran out. */
  purchaseExpired: (title: string | null) =>
    `Your checkout ${title === null ? "for this artwork" : `for “${title}”`} ended before it was paid: nothing was charged.`,
  purchaseUnknown: "No purchase of yours was found for this checkout.",
} as const;
