import { MESSAGES } from "@sawdust/shared";
import { useRouteError } from "react-router";
import { Button } from "@/components/ui/button";

/** Shown when a page fails to render or its code fails to load (say, after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
    >
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">
        {error instanceof Error ? error.message : MESSAGES.genericError}
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </section>
  );
}
