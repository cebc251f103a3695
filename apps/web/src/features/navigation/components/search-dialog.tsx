import { MESSAGES } from "@sawdust/shared";
import { ArrowRight, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/components/ui/command";
import { useTags } from "@/lib/api/get-tags";
import { imageCountLabel } from "@/lib/counts";
import { detailState } from "@/lib/detail-route";
import { cn } from "@/lib/utils";
import { useArtworkSearch } from "../api/search-artwork";
import { MIN_SEARCH_LENGTH, matchingTags, SEARCH_DEBOUNCE_MS } from "../search-results";
import { useShortcutCounts } from "../shortcut-counts";
import { useDebouncedValue } from "../use-debounced-value";
import { ArtworkResults, artworkValue, TagResults } from "./search-live-results";
import { resultsFound, visibleGroups } from "./search-shortcuts";

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The command palette: live results from the catalogue as the user types (artwork, then tags),
 * above fixed shortcuts into the gallery's filters and the explore page.
 */
export function SearchDialog({ open, onOpenChange }: SearchDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState("");
  const [selected, setSelected] = useState("");
  const search = text.trim();
  const words = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const live = search.length >= MIN_SEARCH_LENGTH && words.length >= MIN_SEARCH_LENGTH;

  const artwork = useArtworkSearch(words, { enabled: live });
  const tags = useTags({ enabled: open });
  // A failed search adds nothing: the shortcuts below still work.
  const artworkResults = live && !artwork.isError ? (artwork.data ?? []) : [];
  const tagResults = live ? matchingTags(tags.data, words) : [];
  const counts = useShortcutCounts(open);
  const groups = visibleGroups(search, counts);
  const searching = search.length >= MIN_SEARCH_LENGTH && (search !== words || artwork.isFetching);
  const nothingYet = artworkResults.length === 0 && tagResults.length === 0 && groups.length === 0;

  useEffect(() => {
    if (!open) setText("");
  }, [open]);

  // New results put the first artwork under the cursor, so Enter opens the best match.
  const firstArtwork = live ? artwork.data?.[0] : undefined;
  useEffect(() => {
    if (firstArtwork) setSelected(artworkValue(firstArtwork.id));
  }, [firstArtwork]);

  function go(href: string, state?: unknown) {
    onOpenChange(false);
    navigate(href, { state });
  }

  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title={MESSAGES.search.label}
      description="Search the artwork, or jump to a tag, a style, a collection or a colour theme."
      commandProps={{
        // cmdk names its input by a hidden label of this text (empty without it).
        label: MESSAGES.search.label,
        shouldFilter: false,
        value: selected,
        onValueChange: setSelected,
      }}
    >
      <div className="relative">
        <CommandInput
          placeholder={MESSAGES.search.placeholder}
          value={text}
          onValueChange={setText}
          className={cn(searching && "pr-6")}
        />
        {searching && (
          <LoaderCircle
            aria-hidden
            data-testid="search-loading"
            className="absolute top-1/2 right-10 size-4 -translate-y-1/2 animate-spin text-muted-foreground sm:right-12"
          />
        )}
      </div>
      <p role="status" className="sr-only">
        {searching
          ? MESSAGES.searchStatus.searching
          : live
            ? resultsFound(artworkResults.length, tagResults.length, groups)
            : ""}
      </p>
      <CommandList>
        {nothingYet &&
          (searching ? (
            <div role="presentation" className="py-6 text-center text-sm text-muted-foreground">
              {MESSAGES.searchStatus.searching}
            </div>
          ) : (
            <CommandEmpty>{MESSAGES.search.empty}</CommandEmpty>
          ))}
        {/* Artwork opens over the page the palette was opened on, which stays under it. */}
        <ArtworkResults
          images={artworkResults}
          onOpen={(id) => go(paths.image.getHref(id), detailState(location))}
        />
        <TagResults
          text={search}
          words={words}
          tags={tagResults}
          onOpen={(tag) => go(paths.gallery.getHref({ tag }))}
        />
        {groups.map(({ group, entries, showViewAll }) => (
          <CommandGroup key={group.slug} heading={group.heading}>
            {entries.map(({ entry, count }) => (
              <CommandItem
                key={entry.label}
                value={`${group.heading} ${entry.label}`}
                onSelect={() => go(entry.href)}
              >
                {entry.label}
                {count !== undefined && (
                  <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">
                    <span className="sr-only">, </span>
                    {imageCountLabel(count)}
                  </span>
                )}
              </CommandItem>
            ))}
            {showViewAll && (
              <CommandItem
                value={`${group.heading} view all`}
                onSelect={() => go(paths.explore.getHref(group.slug))}
              >
                <ArrowRight aria-hidden />
                View all <span className="sr-only">{group.heading}</span>
              </CommandItem>
            )}
          </CommandGroup>
        ))}
      </CommandList>
    </CommandDialog>
  );
}
