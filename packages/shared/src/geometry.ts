/**
 * The size an image of `width`×`height` takes when it fits inside `box` with its aspect kept,
 * filling the box on one side (enlarging when the image is smaller). Renditions are made to this
 * size on the server, and the web app derives `srcset` widths from it.
 */
export function fitInside(
  width: number,
  height: number,
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(box.width / width, box.height / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
