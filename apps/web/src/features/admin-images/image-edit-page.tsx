import { MESSAGES, rowIdOf } from "@sawdust/shared";
import { useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { paths } from "@/app/paths";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/api-client";
import { adminImageQueryOptions } from "./api/get-admin-image";
import { ImageEditForm } from "./components/image-edit-form";
import { LicencePricesForm } from "./components/licence-prices-form";
import { ReanalyseButton } from "./components/reanalyse-button";
import { titleOf } from "./image-text";

const m = MESSAGES.adminImages;

/** A positive whole id from the route, or null. */
/**
 * /admin/images/{id}/edit (spec section 2): the medium image, the edit form and the image's
 * analysis as formatted JSON; the spec's not-found texts when there is no such image.
 */
export function ImageEditPage() {
  const imageId = rowIdOf(useParams().id);
  // Analyses re-run from this page and finished: the form then shows what each one wrote.
  const [analysisRuns, setAnalysisRuns] = useState(0);
  const query = useQuery({ ...adminImageQueryOptions(imageId ?? 0), enabled: imageId !== null });
  const missing =
    imageId === null ||
    (query.isError && isApiRequestError(query.error) && query.error.status === 404);

  return (
    <AdminPageFrame>
      <AdminPageHeader title={m.editTitle} description={query.data && titleOf(query.data.image)} />
      <div className="pt-8">
        {missing ? (
          <EmptyPanel
            icon={<ImageOff className="size-6" aria-hidden />}
            title={MESSAGES.images.notFoundTitle}
            action={
              <Button asChild variant="outline" className="mt-6">
                <Link to={paths.admin.images.getHref()}>{m.title}</Link>
              </Button>
            }
          >
            {MESSAGES.images.notFoundText}
          </EmptyPanel>
        ) : query.isPending ? (
          <div role="status" aria-label="Loading the image" className="grid gap-8 lg:grid-cols-2">
            <Skeleton className="aspect-[4/5] rounded-xl" />
            <div className="grid content-start gap-4">
              {Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} className="h-12 rounded-lg" />
              ))}
            </div>
          </div>
        ) : query.isError ? (
          <LoadErrorPanel
            title={MESSAGES.imageDetail.fetchOneFailed}
            text={query.error.message}
            onRetry={() => void query.refetch()}
          />
        ) : (
          // One column on a phone (image, form, analysis); on a wide screen the form beside both.
          <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            <img
              src={query.data.image.urlMedium}
              alt={titleOf(query.data.image)}
              width={query.data.image.width}
              height={query.data.image.height}
              className="h-auto max-h-[70vh] w-full rounded-xl bg-muted object-contain lg:col-start-1 lg:row-start-1"
            />
            <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <ImageEditForm
                key={query.data.image.id}
                image={query.data.image}
                version={query.data.version}
                reload={async () => (await query.refetch()).data}
                reloadWhenChanged={analysisRuns}
              />
              <LicencePricesForm key={`prices-${query.data.image.id}`} image={query.data.image} />
            </div>
            <section
              aria-labelledby="analysis-title"
              className="min-w-0 lg:col-start-1 lg:row-start-2"
            >
              <div className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <h2 id="analysis-title" className="font-display text-xl font-semibold">
                  {m.analysis}
                </h2>
                <ReanalyseButton
                  imageId={query.data.image.id}
                  onFinished={() => setAnalysisRuns((runs) => runs + 1)}
                />
              </div>
              {query.data.image.analysisError && (
                <p className="mb-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm wrap-anywhere">
                  {m.analysisFailedBecause(query.data.image.analysisError)}
                </p>
              )}
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                data-testid="analysis-json"
                className="max-h-[28rem] overflow-auto rounded-xl border bg-muted/60 p-4 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
              >
                {JSON.stringify(query.data.image.aiAnalysis, null, 2)}
              </pre>
            </section>
          </div>
        )}
      </div>
    </AdminPageFrame>
  );
}
