import { MESSAGES } from "@sawdust/shared";
import { defaultFilter } from "cmdk";
import { entryCount, type SearchGroup, type ShortcutCounts, searchGroups } from "../search-groups";

export interface VisibleEntry {
  entry: SearchGroup["entries"][number];
  /** Images its filter shows, when known. */
  count: number | undefined;
}

export interface VisibleGroup {
  group: SearchGroup;
  entries: VisibleEntry[];
  showViewAll: boolean;
}

const COLOUR_GROUP = "color-themes";

/** The words of a text, lower-cased, without punctuation: "Dark, moon!" is ["dark", "moon"]. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether a colour theme's name answers what was typed: a word typed begins the name ("mono"), or
 * begins with it ("darkest"). cmdk's fuzzy filter forgives letters that swap places, so it took
 * "moon" for "mono" and offered Monochrome.
 */
export function colourMatches(name: string, search: string): boolean {
  const colour = name.toLowerCase();
  return wordsOf(search).some((word) => colour.startsWith(word) || word.startsWith(colour));
}

/**
 * The fixed shortcuts that match what is typed, each with the number of images it leads to; those
 * known to lead to an empty gallery are left out. Shortcuts match by cmdk's own fuzzy filter over
 * their group's heading and label, except colour themes: by their group's heading, or by their
 * name as colourMatches says. The palette filters them here rather than in cmdk, because cmdk
 * would also filter away the server's results.
 */
export function visibleGroups(search: string, counts: ShortcutCounts): VisibleGroup[] {
  const fuzzy = (value: string) => !search || defaultFilter(value, search) > 0;
  const matches = (group: SearchGroup, label: string) =>
    group.slug === COLOUR_GROUP
      ? fuzzy(group.heading) || colourMatches(label, search)
      : fuzzy(`${group.heading} ${label}`);
  return searchGroups
    .map((group) => ({
      group,
      entries: group.entries
        .filter((entry) => matches(group, entry.label))
        .map((entry) => ({ entry, count: entryCount(entry, counts) }))
        .filter(({ count }) => count !== 0),
      showViewAll: fuzzy(`${group.heading} view all`),
    }))
    .filter((visible) => visible.entries.length > 0 || visible.showViewAll);
}

/**
 * What the status line says once a search has answered: how many of each kind of result the list
 * shows (artwork, tags, and each group of shortcuts), or that none were found, so a screen reader
 * hears an outcome after "Searching…".
 */
export function resultsFound(artworks: number, tags: number, groups: VisibleGroup[]): string {
  const m = MESSAGES.searchStatus;
  const nouns: Record<string, readonly [string, string]> = m.nouns;
  const found = [
    { noun: m.nouns.artwork, count: artworks },
    { noun: m.nouns.tags, count: tags },
    ...groups.map(({ group, entries }) => ({ noun: nouns[group.slug], count: entries.length })),
  ].flatMap(({ noun, count }) =>
    noun && count > 0 ? [`${count} ${count === 1 ? noun[0] : noun[1]}`] : [],
  );
  if (found.length > 0) return m.found(found, artworks === 0);
  // "View all" links that match the words are still listed: the list is not empty.
  return groups.length > 0 ? m.nothingFound : MESSAGES.search.empty;
}
