import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { BrandMark } from "@/components/layout/brand-mark";
import { Button } from "@/components/ui/button";

/** The auth screen's own slim header: the site navigation would only distract here. */
export function AuthHeader() {
  return (
    <header className="flex h-16 items-center justify-between px-4 sm:px-8">
      <BrandMark to={paths.home.getHref()} />
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.home.getHref()}>
          <ArrowLeft aria-hidden />
          Back to website
        </Link>
      </Button>
    </header>
  );
}
