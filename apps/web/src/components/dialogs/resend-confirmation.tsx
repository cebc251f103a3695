import { MESSAGES } from "@sawdust/shared";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useResendVerification } from "@/lib/api/resend-verification";
import { isApiRequestError } from "@/lib/api-client";

/**
 * "Send the confirmation link again", offered in a dialog whose purchase or subscription was
 * refused until the member confirms their email, and what came of it. The link leads back to this
 * page. Kept mounted while the dialog is: a link once sent stays said when the refusal comes again.
 */
export function ResendConfirmation({ offered }: { offered: boolean }) {
  const resend = useResendVerification();
  const location = useLocation();
  return (
    <>
      {offered &&
        (resend.isSuccess ? (
          <p role="status" className="text-sm text-muted-foreground">
            {MESSAGES.account.verificationSent}
          </p>
        ) : (
          <Button
            variant="outline"
            disabled={resend.isPending}
            onClick={() => resend.mutate(`${location.pathname}${location.search}`)}
          >
            {MESSAGES.account.resendVerification}
          </Button>
        ))}
      {resend.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {isApiRequestError(resend.error)
            ? resend.error.body || resend.error.message
            : resend.error.message}
        </p>
      )}
    </>
  );
}
