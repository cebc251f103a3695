import { MESSAGES } from "@sawdust/shared";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { isApiRequestError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/document-title";
import { useVerifyEmail } from "./api/verify-email";
import { LinkPageFrame, LinkPageNotice } from "./components/link-page-frame";

const m = MESSAGES.account;

/**
 * /auth/verify?token=…: a mailed confirmation link confirms only when the person presses the
 * button. Opening the page does nothing, so a mail scanner that follows (and even renders) every
 * link in a message cannot confirm an address for someone who never asked.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const verify = useVerifyEmail();
  useDocumentTitle(m.verifyPageTitle);

  return (
    <LinkPageFrame title={m.verifyPageTitle}>
      {verify.isSuccess ? (
        <LinkPageNotice tone="ok">
          {verify.data.changed ? m.emailChanged : m.emailVerified} ({verify.data.email})
        </LinkPageNotice>
      ) : verify.isError ? (
        <LinkPageNotice tone="error">
          {isApiRequestError(verify.error) && verify.error.status < 500
            ? verify.error.body
            : MESSAGES.genericError}
        </LinkPageNotice>
      ) : (
        <>
          <p className="text-muted-foreground">{m.verifyIntro}</p>
          <Button
            type="button"
            className="justify-self-start"
            disabled={verify.isPending}
            onClick={() => verify.mutate(token)}
          >
            {verify.isPending ? m.verifying : m.verifyButton}
          </Button>
        </>
      )}
      <Link to={paths.account.getHref()} className="text-sm underline underline-offset-4">
        {m.pageTitle}
      </Link>
    </LinkPageFrame>
  );
}
