import { MESSAGES } from "@sawdust/shared";
import { useQuery } from "@tanstack/react-query";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Skeleton } from "@/components/ui/skeleton";
import { heroContentQueryOptions } from "@/lib/api/get-hero-content";
import { AllowedHtmlNote } from "./components/allowed-html-note";
import { HeroForm } from "./components/hero-form";

/**
 * /admin/hero (spec sections 2, 7 and 8): the gallery's hero banner, edited with HTML that the
 * server sanitises with an allowlist; Preview shows the sanitised result in the gallery's own
 * banner and HTML the markup that will be stored. The hero is read afresh on arrival (the
 * gallery's copy may be older than another admin's save).
 */
export function HeroConfigPage() {
  const hero = useQuery({ ...heroContentQueryOptions, refetchOnMount: "always" });

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Hero Configuration"
        description="The banner at the top of the gallery: its title, subtitle and whether it shows."
      />
      <div className="grid gap-8 pt-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {hero.isError ? (
          <LoadErrorPanel
            title={MESSAGES.heroContent.fetchFailed}
            text="The hero could not be loaded. Nothing was changed."
            onRetry={() => void hero.refetch()}
          />
        ) : hero.data && hero.isFetchedAfterMount && !hero.isFetching ? (
          <HeroForm hero={hero.data} />
        ) : (
          <div role="status" aria-label="Loading the hero" className="grid content-start gap-4">
            <Skeleton className="h-11 w-64 rounded-lg" />
            <Skeleton className="h-20 rounded-md" />
            <Skeleton className="h-28 rounded-md" />
          </div>
        )}
        <AllowedHtmlNote />
      </div>
    </AdminPageFrame>
  );
}
