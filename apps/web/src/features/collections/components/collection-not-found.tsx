import { MESSAGES } from "@sawdust/shared";
import { FolderX } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";

/** A collection that does not exist, or is someone else's: the two read the same (spec section 8). */
export function CollectionNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-muted">
        <FolderX className="size-6 text-muted-foreground" aria-hidden />
      </span>
      <h1 className="mt-6 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {MESSAGES.collections.notFoundTitle}
      </h1>
      <p className="mt-3 text-muted-foreground">{MESSAGES.collections.notFoundText}</p>
      <Button asChild className="mt-8">
        <Link to={paths.collections.getHref()}>Back to collections</Link>
      </Button>
    </section>
  );
}
