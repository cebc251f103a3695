import { type CollectionCreateBody, MESSAGES } from "@sawdust/shared";
import { ArrowLeft, CircleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/document-title";
import { useCreateCollection } from "./api/create-collection";
import { newCollectionResolver } from "./collection-form";
import { CollectionFields } from "./components/collection-fields";

/** The server's reason for refusing, when it gave one a member should read (the free limit, say). */
function refusalOf(error: Error): string | null {
  return isApiRequestError(error) && error.status < 500 && error.body ? error.body : null;
}

/** /collections/new: name and description; success opens the new collection (spec section 2). */
export function NewCollectionPage() {
  const navigate = useNavigate();
  const creation = useCreateCollection();
  useDocumentTitle("New Collection");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: newCollectionResolver,
    defaultValues: { name: "", description: "" },
    // A message stays until the next try, as the server's refusal does.
    reValidateMode: "onSubmit",
  });
  const [refusal, setRefusal] = useState<{
    message: string;
    detail?: string;
    limit: boolean;
  } | null>(null);

  function create(body: CollectionCreateBody) {
    setRefusal(null);
    creation.mutate(body, {
      onSuccess: (collection) => {
        toast({ title: MESSAGES.collections.created, description: collection.name });
        // Replace the form in the history: Back from the new collection returns to the list.
        navigate(paths.collection.getHref(collection.id), { replace: true });
      },
      // Said once, beside the form (an alert, so it is read out), until the next try: not in a
      // toast as well.
      onError: (error) => {
        const message = refusalOf(error);
        setRefusal({
          message: message ?? MESSAGES.collections.createFailed,
          detail: message ? undefined : error.message,
          limit: isApiRequestError(error) && error.status === 403,
        });
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={paths.collections.getHref()}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Collections
      </Link>
      <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight">New Collection</h1>
      <p className="mt-2 text-muted-foreground">
        Name it now; add artwork from any image's page afterwards.
      </p>

      <form
        noValidate
        aria-label="New collection"
        onSubmit={handleSubmit(create)}
        className="mt-8 grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-7"
      >
        {refusal && (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <div className="grid gap-1">
              <p className="font-medium text-destructive">{refusal.message}</p>
              {refusal.detail && <p className="text-muted-foreground">{refusal.detail}</p>}
              {refusal.limit && (
                <Link
                  to={paths.subscriptions.getHref()}
                  className="w-fit font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  See Pro plans
                </Link>
              )}
            </div>
          </div>
        )}
        <CollectionFields
          name={register("name")}
          description={register("description")}
          errors={{ name: errors.name?.message, description: errors.description?.message }}
          disabled={creation.isPending}
          autoFocus
        />
        <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={paths.collections.getHref()}>Cancel</Link>
          </Button>
          <Button type="submit" variant="brand" disabled={creation.isPending}>
            {creation.isPending ? "Creating..." : "Create Collection"}
          </Button>
        </div>
      </form>
    </div>
  );
}
