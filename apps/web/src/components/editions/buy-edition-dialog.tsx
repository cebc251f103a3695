import {
  type Image,
  LICENCE_LABELS,
  LICENCE_SUMMARIES,
  LICENCES,
  type Licence,
  MESSAGES,
  paths,
} from "@sawdust/shared";
import { LoaderCircle, ShoppingBag } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ResendConfirmation } from "@/components/dialogs/resend-confirmation";
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

/** A refusal in the server's words, else the error's own. */
const wordsOf = (error: Error) =>
  isApiRequestError(error) ? error.body || error.message : error.message;

export interface BuyEditionDialogProps {
  image: Image;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A member picks the licence (Standard or Commercial, each at its price) and goes to checkout;
 * the edition is held for them while they pay. A member told to confirm their email first can
 * have the link mailed again from here: it leads back to this page once they have.
 */
export function BuyEditionDialog({ image, open, onOpenChange }: BuyEditionDialogProps) {
  const id = useId();
  const [licence, setLicence] = useState<Licence>("standard");
  const purchase = usePurchaseEdition(image.id);
  const prices = image.licencePrices;
  const busy = purchase.isPending || purchase.isSuccess;
  const unconfirmed =
    isApiRequestError(purchase.error) &&
    purchase.error.status === 403 &&
    purchase.error.body === MESSAGES.account.verifyFirst;
  // The server's words send the member to their Account page; the button to resend is right here.
  const failure = unconfirmed
    ? MESSAGES.account.verifyFirstBelow
    : purchase.error
      ? wordsOf(purchase.error)
      : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-6 p-6 sm:p-7">
        <DialogHeader className="gap-2">
          <DialogTitle className="font-display text-2xl">
            {MESSAGES.editions.buyPiece(imageTitle(image))}
          </DialogTitle>
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
        <ResendConfirmation offered={unconfirmed} />
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
