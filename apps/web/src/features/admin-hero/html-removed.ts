/**
 * Whether the server's sanitiser removed something from HTML typed by an admin: a tag of some
 * kind less often in what was stored than in what was typed, or an event handler, a style or a
 * script link that is gone. What it only rewrites (a link's added rel="noopener noreferrer", `&`
 * written `&amp;`, quotes) is not a removal.
 */
export function htmlRemoved(typed: string, stored: string): boolean {
  const tags = (html: string) => {
    const counts = new Map<string, number>();
    for (const match of html.matchAll(/<([a-z][a-z0-9-]*)/gi)) {
      const name = (match[1] ?? "").toLowerCase();
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  };
  const kept = tags(stored);
  for (const [name, count] of tags(typed)) {
    if ((kept.get(name) ?? 0) < count) return true;
  }
  const risky = /\son[a-z]+\s*=|\sstyle\s*=|(?:java|vb)script:|data:/gi;
  return (typed.match(risky)?.length ?? 0) > (stored.match(risky)?.length ?? 0);
}
