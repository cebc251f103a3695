import { MESSAGES } from "@sawdust/shared";
import { ArrowRight } from "lucide-react";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/components/ui/command";
import { searchGroups } from "../search-groups";

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The command palette: fixed shortcuts into the gallery's filters and the explore page. */
export function SearchDialog({ open, onOpenChange }: SearchDialogProps) {
  const navigate = useNavigate();

  function go(href: string) {
    onOpenChange(false);
    navigate(href);
  }

  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Search"
      description="Jump to a tag, a style, a collection or a colour theme."
    >
      <CommandInput placeholder={MESSAGES.search.placeholder} />
      <CommandList>
        <CommandEmpty>{MESSAGES.search.empty}</CommandEmpty>
        {searchGroups.map((group) => (
          <CommandGroup key={group.slug} heading={group.heading}>
            {group.entries.map((entry) => (
              <CommandItem
                key={entry.label}
                value={`${group.heading} ${entry.label}`}
                onSelect={() => go(entry.href)}
              >
                {entry.label}
              </CommandItem>
            ))}
            <CommandItem
              value={`${group.heading} view all`}
              onSelect={() => go(paths.explore.getHref(group.slug))}
            >
              <ArrowRight aria-hidden />
              View all <span className="sr-only">{group.heading}</span>
            </CommandItem>
          </CommandGroup>
        ))}
      </CommandList>
    </CommandDialog>
  );
}
