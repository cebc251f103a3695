import {
  type Image,
  LICENCE_LABELS,
  LICENCE_SUMMARIES,
  LICENCES,
  type Licence,
  paths,
} from "@sawdust/shared";
import { LoaderCircle, ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { usePurchaseEdition } from "@/lib/api/purchase-edition";
import { isApiRequestError } from "@/lib/api-client";
import { formatPrice, imageTitle } from "@/lib/images";
import { cn } from "@/lib/utils";

export interface BuyEditionDialogProps {
  image: Image;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A member picks the licence (Standard or Commercial, each at its price) and goes to checkout;
 * the edition is held for them while they pay.
 */
export function BuyEditionDialog({ image, open, onOpenChange }: BuyEditionDialogProps) {
  const id = useId();
  const [licence, setLicence] = useState<Licence>("standard");
  const purchase = usePurchaseEdition(image.id);
  const prices = image.licencePrices;
  const failure = purchase.error
    ? isApiRequestError(purchase.error)
      ? purchase.error.body || purchase.error.message
      : purchase.error.message
    : null;
  const busy = purchase.isPending || purchase.isSuccess;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-6 p-6 sm:p-7">
        <DialogHeader className="gap-2">
          <DialogTitle className="font-display text-2xl">Buy “{imageTitle(image)}”</DialogTitle>
          <DialogDescription>
            Choose the licence. Your edition is held for you while you pay.{" "}
            <Link to={paths.licence.getHref()} className="font-medium underline underline-offset-4">
              Read the licences
            </Link>
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-3">
          <legend className="sr-only">Licence</legend>
          {LICENCES.map((option) => (
            <label
              key={option}
              htmlFor={`${id}-${option}`}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors",
                licence === option ? "border-brand bg-brand/5" : "hover:bg-accent",
              )}
            >
              <input
                id={`${id}-${option}`}
                type="radio"
                name={`${id}-licence`}
                value={option}
                checked={licence === option}
                onChange={() => setLicence(option)}
                className="mt-1 size-4 accent-current"
              />
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold">{LICENCE_LABELS[option]} licence</span>
                  <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">
                    {prices ? formatPrice(prices[option]) : ""}
                  </span>
                </span>
                <span className="text-sm text-muted-foreground">{LICENCE_SUMMARIES[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {failure && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        )}
        <Button
          variant="brand"
          size="lg"
          disabled={busy}
          onClick={() => purchase.mutate({ licence, expectedCents: prices?.[licence] })}
        >
          {busy ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <ShoppingBag aria-hidden />
          )}
          Continue to checkout
        </Button>
      </DialogContent>
    </Dialog>
  );
}
