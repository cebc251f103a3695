import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";

interface FiltersSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The controls: the toolbar's own, laid out for a narrow screen. */
  children: ReactNode;
  /** Where focus goes back to once closed (its opener is a plain button, not the sheet's trigger). */
  returnFocus: () => void;
}

/** The gallery's Filters drawer (loaded on demand by the toolbar). */
export function FiltersSheet({ open, onOpenChange, children, returnFocus }: FiltersSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel="Close filters"
        className="gap-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <div className="pr-8">
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription className="mt-1">
            Narrow the gallery by tag and choose how it is laid out.
          </SheetDescription>
        </div>
        {children}
      </SheetContent>
    </Sheet>
  );
}
