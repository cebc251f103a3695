import { Spinner } from "@/components/ui/spinner";

/** Shown while the current user or a route's code loads, so no wrong page flashes first. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
