import { useTags } from "@/lib/api/get-tags";
import { useStyleCounts } from "./api/get-style-counts";
import type { ShortcutCounts } from "./search-groups";

/**
 * The image counts of the palette's tag and style shortcuts, asked for once the palette opens: the
 * tag list (which the live results use too) and one small request per art style.
 */
export function useShortcutCounts(open: boolean): ShortcutCounts {
  const tags = useTags({ enabled: open });
  const styles = useStyleCounts({ enabled: open });
  return {
    tags: tags.data ? new Map(tags.data.map(({ tag, count }) => [tag, count])) : undefined,
    styles: styles.data ?? new Map(),
  };
}
