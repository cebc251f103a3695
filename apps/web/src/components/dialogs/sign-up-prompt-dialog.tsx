import { DOWNLOAD_SIZES, type SiteSettings } from "@sawdust/shared";
import { Check, UserPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useSite } from "@/lib/api/get-site";

export interface SignUpPromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why the visitor is asked (e.g. "to download the Basic size"). */
  reason?: string;
}

const basic = DOWNLOAD_SIZES.basic;
/** The free plan's perks, with the site's own limits (an admin's settings). */
const perksOf = (freeTier: SiteSettings["freeTier"]) => [
  `Basic downloads, up to ${basic.width} × ${basic.height} px`,
  `${freeTier.monthlyDownloads} free downloads every month`,
  `Up to ${freeTier.collections} collections of the work you love`,
  "Your own artist profile",
];

/**
 * The free-account pitch a visitor sees when they reach for something members have (spec
 * section 5). Both buttons lead to the auth screen, which brings them back here afterwards.
 */
export function SignUpPromptDialog({ open, onOpenChange, reason }: SignUpPromptDialogProps) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const authHref = paths.auth.getHref(back);
  const perks = perksOf(useSite().site.freeTier);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-6 p-7 sm:p-8">
        <DialogHeader className="items-center gap-3 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-brand/10 text-brand-strong">
            <UserPlus className="size-6" aria-hidden />
          </span>
          <DialogTitle className="font-display text-2xl">Create a free account</DialogTitle>
          <DialogDescription className="text-base">
            {reason
              ? `Sign up free ${reason}.`
              : "Sign up free to download in Basic quality and keep collections."}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2.5 rounded-lg bg-muted/70 p-4 text-sm">
          {perks.map((perk) => (
            <li key={perk} className="flex items-start gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden />
              {perk}
            </li>
          ))}
        </ul>
        <div className="grid gap-2.5">
          <Button asChild variant="brand" size="lg">
            <Link to={paths.auth.getHref(back, "register")}>Create free account</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={authHref}>Sign in</Link>
          </Button>
          <p className="text-center text-xs text-muted-foreground">Free forever. No card needed.</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
