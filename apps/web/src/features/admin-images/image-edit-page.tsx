import { MESSAGES, rowIdOf } from "@sawdust/shared";
import { useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { Link, useParams } from "react-router";
import { paths } from "@/app/paths";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { imageQueryOptions } from "@/lib/api/get-image";
import { isApiRequestError } from "@/lib/api-client";
import { ImageEditForm } from "./components/image-edit-form";
import { LicencePricesForm } from "./components/licence-prices-form";
import { titleOf } from "./image-text";

const m = MESSAGES.adminImages;

/** A positive whole id from the route, or null. */
/**
 * /admin/images/{id}/edit (spec section 2): the medium image, the edit form and the image's
 * analysis as formatted JSON; the spec's not-found texts when there is no such image.
 */
export function ImageEditPage() {
  const imageId = rowIdOf(useParams().id);
  const image = useQuery({ ...imageQueryOptions(imageId ?? 0), enabled: imageId !== null });
  const missing =
    imageId === null ||
    (image.isError && isApiRequestError(image.error) && image.error.status === 404);

  return (
    <AdminPageFrame>
      <AdminPageHeader title={m.editTitle} description={image.data && titleOf(image.data)} />
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
        ) : image.isPending ? (
          <div role="status" aria-label="Loading the image" className="grid gap-8 lg:grid-cols-2">
            <Skeleton className="aspect-[4/5] rounded-xl" />
            <div className="grid content-start gap-4">
              {Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} className="h-12 rounded-lg" />
              ))}
            </div>
          </div>
        ) : image.isError ? (
          <LoadErrorPanel
            title={MESSAGES.imageDetail.fetchOneFailed}
            text={image.error.message}
            onRetry={() => void image.refetch()}
          />
        ) : (
          // One column on a phone (image, form, analysis); on a wide screen the form beside both.
          <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            <img
              src={image.data.urlMedium}
              alt={titleOf(image.data)}
              width={image.data.width}
              height={image.data.height}
              className="h-auto max-h-[70vh] w-full rounded-xl bg-muted object-contain lg:col-start-1 lg:row-start-1"
            />
            <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <ImageEditForm key={image.data.id} image={image.data} />
              <LicencePricesForm key={`prices-${image.data.id}`} image={image.data} />
            </div>
            <section
              aria-labelledby="analysis-title"
              className="min-w-0 lg:col-start-1 lg:row-start-2"
            >
              <h2 id="analysis-title" className="mb-3 font-display text-xl font-semibold">
                {m.analysis}
              </h2>
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                data-testid="analysis-json"
                className="max-h-[28rem] overflow-auto rounded-xl border bg-muted/60 p-4 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
              >
                {JSON.stringify(image.data.aiAnalysis, null, 2)}
              </pre>
            </section>
          </div>
        )}
      </div>
    </AdminPageFrame>
  );
}
