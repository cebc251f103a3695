import { MESSAGES } from "@sawdust/shared";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { isApiRequestError } from "@/lib/api-client";

/** A sandbox page that could not load: sign in first (401), or what went wrong. */
export function LoadProblem({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  const { pathname } = useLocation();
  const signedOut = isApiRequestError(error) && error.status === 401;
  return (
    <div role="alert" className="rounded-xl border bg-card px-6 py-12 text-center">
      <h1 className="font-display text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">
        {signedOut ? MESSAGES.billing.signInNeeded : error.message}
      </p>
      {signedOut ? (
        <Button asChild className="mt-6">
          <Link to={paths.auth.getHref(pathname)}>Sign in</Link>
        </Button>
      ) : (
        <Button className="mt-6" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
