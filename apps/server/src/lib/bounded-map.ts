/**
 * Sets `key` in a `Map` used as a small cache of at most `max` entries: the key moves to the end
 * (a `Map` iterates in insertion order), and when the map is full the entry set first goes.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
