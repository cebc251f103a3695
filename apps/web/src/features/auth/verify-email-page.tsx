import { MESSAGES } from "@sawdust/shared";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { isApiRequestError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/document-title";
import { useVerifyEmail } from "./api/verify-email";
import { LinkPageFrame, LinkPageNotice } from "./components/link-page-frame";

const m = MESSAGES.account;

/** /auth/verify?token=…: opens a mailed confirmation link once, as soon as the page shows. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const verify = useVerifyEmail();
  useDocumentTitle(m.verifyPageTitle);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

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
        <p role="status" className="text-muted-foreground">
          {m.verifying}
        </p>
      )}
      <Link to={paths.account.getHref()} className="text-sm underline underline-offset-4">
        {m.pageTitle}
      </Link>
    </LinkPageFrame>
  );
}
