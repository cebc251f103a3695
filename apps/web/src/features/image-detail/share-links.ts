export interface ShareTarget {
  id: "x" | "facebook" | "pinterest" | "linkedin" | "reddit";
  label: string;
  /** The network's share address for this link. */
  href: (share: { link: string; title: string; imageUrl: string }) => string;
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The five social networks of the share menu (spec section 2), each with its share address. */
export const SHARE_TARGETS: readonly ShareTarget[] = [
  {
    id: "x",
    label: "X (Twitter)",
    href: ({ link, title }) => `https://twitter.com/intent/tweet?${q({ url: link, text: title })}`,
  },
  {
    id: "facebook",
    label: "Facebook",
    href: ({ link }) => `https://www.facebook.com/sharer/sharer.php?${q({ u: link })}`,
  },
  {
    id: "pinterest",
    label: "Pinterest",
    href: ({ link, title, imageUrl }) =>
      `https://www.pinterest.com/pin/create/button/?${q({ url: link, media: imageUrl, description: title })}`,
  },
  {
    id: "linkedin",
    label: "LinkedIn",
    href: ({ link }) => `https://www.linkedin.com/sharing/share-offsite/?${q({ url: link })}`,
  },
  {
    id: "reddit",
    label: "Reddit",
    href: ({ link, title }) => `https://www.reddit.com/submit?${q({ url: link, title })}`,
  },
];
