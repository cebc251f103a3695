import { MESSAGES, sameSitePath } from "@sawdust/shared";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { isApiRequestError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/document-title";
import { useVerifyEmail } from "./api/verify-email";
import { LinkPageFrame, LinkPageNotice } from "./components/link-page-frame";

const m = MESSAGES.account;

/**
 * /auth/verify?token=…&next=…: a mailed confirmation link confirms only when the person presses
 * the button. Opening the page does nothing, so a mail scanner that follows (and even renders)
 * every link in a message cannot confirm an address for someone who never asked. The page leads
 * back to `next`, the page the member asked from, when it is a path on this site (an address
 * elsewhere is ignored), else to the gallery.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const next = sameSitePath(searchParams.get("next"));
  const wayBack = next
    ? { to: next, label: m.verifyGoBack }
    : { to: paths.gallery.getHref(), label: m.verifyToGallery };
  const verify = useVerifyEmail();
  useDocumentTitle(m.verifyPageTitle);

  return (
    <LinkPageFrame title={m.verifyPageTitle}>
      {verify.isSuccess ? (
        <>
          <LinkPageNotice tone="ok">
            {verify.data.changed ? m.emailChanged : m.emailVerified} ({verify.data.email})
          </LinkPageNotice>
          <Button asChild variant="brand" className="justify-self-start">
            <Link to={wayBack.to}>{wayBack.label}</Link>
          </Button>
        </>
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
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        {/* Confirmed, the way back is the button above. */}
        {!verify.isSuccess && (
          <Link to={wayBack.to} className="underline underline-offset-4">
            {wayBack.label}
          </Link>
        )}
        <Link to={paths.account.getHref()} className="underline underline-offset-4">
          {m.pageTitle}
        </Link>
      </div>
    </LinkPageFrame>
  );
}
