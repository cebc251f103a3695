import type { Location } from "react-router";

/**
 * An image's detail opened from a page of the app keeps that page under it: the link carries the
 * page's location as history state, the router renders the page from it and the dialog above it,
 * and closing goes back in history to the page as it was (scroll, filters, loaded pages). The
 * address is the image's own share link all the while.
 */
export interface DetailRouteState {
  background: Location;
}

/** The page under an open image detail, if it was opened from one. */
export function backgroundOf(state: unknown): Location | undefined {
  const background = (state as Partial<DetailRouteState> | null)?.background;
  return background && typeof background.pathname === "string" ? background : undefined;
}

/** The history state of a link that opens an image over the current page (or the page under it). */
export function detailState(location: Location): DetailRouteState {
  return { background: backgroundOf(location.state) ?? location };
}

/** Marks the element that opens an image's detail, so closing the detail can return to it. */
export function openerProps(imageId: number) {
  return { "data-opens-image": imageId };
}

/** The element that opened an image's detail, if the page still has it. */
export function findOpener(imageId: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-opens-image="${imageId}"]`);
}
