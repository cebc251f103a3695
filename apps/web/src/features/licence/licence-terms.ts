/**
 * The Sawdust Pro commercial licence in plain words: what a Pro member may do with what they
 * download in a Pro size. The plan page links here, and a Pro download names it.
 */
export const LICENCE_TITLE = "Sawdust Pro Commercial Licence";

export interface LicenceSection {
  id: string;
  heading: string;
  /** Whether the items are allowed (a tick), forbidden (a cross), or plain facts. */
  kind: "allowed" | "forbidden" | "fact";
  /** Each item a short sentence a person can act on. */
  items: string[];
}

export const LICENCE_SUMMARY =
  "While you are a Pro member, every artwork you download in a Pro size (HD, XLarge or Ultra) comes with this licence. It lets you use the artwork in your own work and your clients', for profit, without credit. It does not let you sell or give away the files themselves.";

export const LICENCE_SECTIONS: LicenceSection[] = [
  {
    id: "allowed",
    heading: "You may",
    kind: "allowed",
    items: [
      "Use the artwork commercially: in advertising, marketing, websites, apps, videos, packaging, books, album covers and social media, paid or unpaid.",
      "Put it on merchandise and physical products you sell: prints, posters, clothing, mugs, stickers, cards and the like.",
      "Use it in work you make for clients, and hand that finished work over to them.",
      "Crop, resize, recolour, combine and otherwise change it, and use it as part of a larger design.",
      "Keep using what you made while you were Pro after your subscription ends.",
    ],
  },
  {
    id: "forbidden",
    heading: "You may not",
    kind: "forbidden",
    items: [
      "Resell, license, share or give away the downloaded files themselves, alone or in a bundle, as stock images, wallpapers, templates, asset packs or anything else where the artwork is the thing being sold.",
      "Upload the files to another stock, print-on-demand marketplace or gallery as artwork anyone else can download or license.",
      "Claim the artwork as your own original creation, or register it as a trademark or logo.",
      "Use it in anything unlawful, defamatory or hateful.",
    ],
  },
  {
    id: "attribution",
    heading: "Attribution",
    kind: "fact",
    items: [
      "Not required. You do not have to credit Sawdust or the artist, though a credit is always welcome.",
    ],
  },
  {
    id: "coverage",
    heading: "Which downloads it covers",
    kind: "fact",
    items: [
      "Artwork downloaded in a Pro size (HD, XLarge, Ultra) while your Pro subscription was active.",
      "Preview and Basic downloads, on any plan, are for personal, non-commercial use only.",
      "Pieces bought as a 1/1 or an edition carry the licence named on their certificate instead.",
    ],
  },
];

/**
 * The licences a bought edition comes with (issue 19): each owned piece's downloads name one,
 * by its anchor on this page (`/licence#standard`, `/licence#commercial`).
 */
export const EDITION_LICENCE_SECTIONS: Array<{
  id: "standard" | "commercial";
  heading: string;
  items: string[];
}> = [
  {
    id: "standard",
    heading: "Edition licence: Standard",
    items: [
      "Personal use: print and hang it, use it as a wallpaper, share it with credit.",
      "Promotional use of your own work or business, online and in up to 500 printed copies.",
      "No merchandise: you may not put it on products you sell.",
      "You may not resell, share or give away the files themselves.",
    ],
  },
  {
    id: "commercial",
    heading: "Edition licence: Commercial",
    items: [
      "Everything the Standard licence allows, without a cap on copies.",
      "Merchandise and resale products: prints, clothing, cards and the like that you sell.",
      "You may not resell, share or give away the files themselves, or license them to others.",
    ],
  },
];
