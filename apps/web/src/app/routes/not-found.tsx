import { MESSAGES } from "@sawdust/shared";
import { Compass } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/document-title";
import { paths } from "../paths";

export function NotFoundPage() {
  // The spec's title, as the server's 404 page names itself before the app runs (error-pages.ts).
  useDocumentTitle(MESSAGES.notFoundTitle);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <Compass className="size-12 text-brand-strong" strokeWidth={1.5} aria-hidden />
      <h1 className="mt-6 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        {MESSAGES.notFoundTitle}
      </h1>
      <p className="mt-2 text-muted-foreground">{MESSAGES.notFoundHint}</p>
      <Button asChild className="mt-8">
        <Link to={paths.home.getHref()}>Go to the gallery</Link>
      </Button>
    </section>
  );
}
