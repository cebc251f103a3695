/**
 * What the server's pages say where the app does not run (JavaScript off): the app shows its own
 * screens once it runs. Ours (the spec names no wording for these).
 */
export const pageNotices = {
  /** A page only the app shows (sign-in, the dashboard), to a browser without JavaScript. */
  needsJavaScript: "This page needs JavaScript",
  needsJavaScriptText:
    "Turn JavaScript on in your browser to use it. The gallery and its artwork can be seen without it.",
  /** A page's address that was refused (it does not decode, or holds U+0000): the reason follows. */
  refused: "This page cannot be shown",
  toGallery: "Go to the gallery",
} as const;
