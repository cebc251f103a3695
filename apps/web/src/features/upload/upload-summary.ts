/** The part of a file's share the bytes earn; the rest comes when the server has made it an image. */
const SENDING_SHARE = 0.9;

/**
 * The run's percentage, counted in files like the "n of m uploaded" beside it: each finished file
 * (uploaded or refused) is a whole share, the current one earns most of its share as its bytes go
 * and the rest when the server answers, so the bar never reads 100% while a file is still being
 * processed.
 */
export function uploadPercent(finished: number, currentFraction: number, total: number): number {
  if (total <= 0) return 0;
  const current = Math.min(1, Math.max(0, currentFraction)) * SENDING_SHARE;
  return Math.min(100, Math.floor(((finished + current) / total) * 100));
}

/** "3 of 6 uploaded", and how many failed once any has. */
export function uploadCountText(uploaded: number, failed: number, total: number): string {
  const text = `${uploaded} of ${total} uploaded`;
  return failed > 0 ? `${text}, ${failed} failed` : text;
}
