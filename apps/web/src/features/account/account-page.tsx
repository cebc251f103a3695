import { MESSAGES } from "@sawdust/shared";
import { Download, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDocumentTitle } from "@/lib/document-title";
import { ACCOUNT_EXPORT_URL } from "./api/export-url";
import { useAccount } from "./api/get-account";
import { CollectingSection } from "./components/collecting-section";
import { DeleteSection } from "./components/delete-section";
import { EmailSection } from "./components/email-section";
import { PasswordSection } from "./components/password-section";
import { AccountSection, FormProblem, WRAPPING_BUTTON } from "./components/section";
import { SessionsSection } from "./components/sessions-section";
import { refusalOf } from "./refusal";

const m = MESSAGES.account;

/**
 * /account: the member's email, password, sessions, whether they are named on what they collect
 * (issue 19), their data, and leaving (issue 22).
 */
export function AccountPage() {
  const account = useAccount();
  useDocumentTitle(m.pageTitle);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8">
        <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          {m.pageTitle}
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">
          {account.data ? `@${account.data.username} · ` : ""}
          {m.pageIntro}
        </p>
      </header>
      {/* grid-cols-1: a track of minmax(0, 1fr), so no field's own width widens the cards past
          a phone's screen at a large text size (WCAG 1.4.10); the container the cards measure
          themselves against (NARROW in section.tsx). */}
      <div className="@container grid grid-cols-1 gap-6">
        {account.isPending ? (
          // About as tall as the Email card (its change form included; 333–457 px on a phone, 255
          // from `sm` for a confirmed member): the cards below jumped when it came (CLS 0.19).
          <Skeleton className="h-96 w-full sm:h-64" />
        ) : account.isError ? (
          <FormProblem>{refusalOf(account.error)}</FormProblem>
        ) : (
          <EmailSection account={account.data} />
        )}
        <PasswordSection />
        <AccountSection id="two-factor" title="Two-factor sign-in">
          <div>
            <Button asChild variant="outline" {...WRAPPING_BUTTON}>
              <Link to={paths.accountSecurity.getHref()}>
                <ShieldCheck aria-hidden="true" />
                Security settings
              </Link>
            </Button>
          </div>
        </AccountSection>
        <SessionsSection />
        <CollectingSection />
        <AccountSection id="export" title={m.exportSection} description={m.exportIntro}>
          <div>
            <Button asChild variant="outline" {...WRAPPING_BUTTON}>
              <a href={ACCOUNT_EXPORT_URL} download>
                <Download aria-hidden="true" />
                {m.downloadData}
              </a>
            </Button>
          </div>
        </AccountSection>
        <DeleteSection />
      </div>
    </div>
  );
}
