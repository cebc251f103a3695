/**
 * "1 image", "1,234 images". Grouped by hand: the first toLocaleString call initialises the
 * browser's number formatting, which cost ~100 ms of a 4×-throttled first paint of the gallery.
 */
export function countLabel(count: number): string {
  const grouped = String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${grouped} ${count === 1 ? "image" : "images"}`;
}
