import { type Image, MESSAGES, type User } from "@sawdust/shared";
import { ShoppingBag } from "lucide-react";
import { Suspense, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { canBuy } from "@/lib/edition-status";
import { imageTitle } from "@/lib/images";
import { retryingLazy } from "@/lib/retrying-lazy";

const BuyEditionDialog = retryingLazy(
  () => import("./buy-edition-dialog"),
  (m) => m.BuyEditionDialog,
);
const SignUpPromptDialog = retryingLazy(
  () => import("@/components/dialogs/sign-up-prompt-dialog"),
  (m) => m.SignUpPromptDialog,
);

/**
 * Buy for a piece that is for sale and not sold out: members choose a licence and go to
 * checkout, visitors are asked to sign up first. Nothing for any other piece. Its name says which
 * piece it buys: the edition pages show a Buy under every card.
 */
export function BuyButton({
  image,
  user,
  size = "lg",
  className,
}: {
  image: Image;
  user: User | null | undefined;
  size?: ButtonProps["size"];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!canBuy(image) || !image.licencePrices) return null;
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={className}
        aria-label={MESSAGES.editions.buyPiece(imageTitle(image))}
        onClick={() => setOpen(true)}
      >
        <ShoppingBag aria-hidden />
        Buy
      </Button>
      {open && (
        <Suspense fallback={null}>
          {user ? (
            <BuyEditionDialog image={image} open onOpenChange={setOpen} />
          ) : (
            <SignUpPromptDialog open onOpenChange={setOpen} reason="to buy this piece" />
          )}
        </Suspense>
      )}
    </>
  );
}
