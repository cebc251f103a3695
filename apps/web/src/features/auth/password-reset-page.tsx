import { zodResolver } from "@hookform/resolvers/zod";
import {
  MESSAGES,
  type PasswordResetRequestBody,
  ZNewPassword,
  ZPasswordResetRequestBody,
} from "@sawdust/shared";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { paths } from "@/app/paths";
import { isApiRequestError } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/document-title";
import { firstErrorMessage } from "@/lib/form-errors";
import { useConfirmPasswordReset } from "./api/confirm-password-reset";
import { useRequestPasswordReset } from "./api/request-password-reset";
import { FormField } from "./components/form-field";
import { LinkPageFrame, LinkPageNotice } from "./components/link-page-frame";
import { SubmitButton } from "./components/submit-button";

const m = MESSAGES.account;

/** The server's words for a refused request, else the generic message. */
function refusal(error: unknown): string {
  return isApiRequestError(error) && error.status < 500 ? error.body : MESSAGES.genericError;
}

/**
 * /auth/reset: without a token it asks for the email address and mails a link; the mailed link
 * (`?token=`) opens it with a new-password form. Either way the answer never says whether an
 * account uses the address.
 */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  useDocumentTitle(token ? m.newPasswordTitle : m.resetPageTitle);
  return token ? <NewPasswordForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(ZPasswordResetRequestBody),
    defaultValues: { email: "" },
  });
  return (
    <LinkPageFrame title={m.resetPageTitle}>
      {request.isSuccess ? (
        <LinkPageNotice tone="ok">{m.resetRequested}</LinkPageNotice>
      ) : (
        <form
          className="grid gap-5"
          noValidate
          onSubmit={form.handleSubmit((body) => request.mutate(body))}
        >
          <p className="text-muted-foreground">{m.resetIntro}</p>
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register("email")}
          />
          {request.isError && (
            <LinkPageNotice tone="error">{refusal(request.error)}</LinkPageNotice>
          )}
          <SubmitButton busy={request.isPending} label={m.sendResetLink} />
        </form>
      )}
      <Link to={paths.auth.getHref()} className="text-sm underline underline-offset-4">
        Back to sign in
      </Link>
    </LinkPageFrame>
  );
}

const ZNewPasswordForm = z.object({ password: ZNewPassword });

function NewPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const form = useForm<z.infer<typeof ZNewPasswordForm>>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { password: "" },
  });
  const problem = firstErrorMessage(form.formState.errors);
  return (
    <LinkPageFrame title={m.newPasswordTitle}>
      {confirm.isSuccess ? (
        <>
          <LinkPageNotice tone="ok">{m.passwordReset}</LinkPageNotice>
          <Link to={paths.auth.getHref()} className="font-medium underline underline-offset-4">
            Sign in
          </Link>
        </>
      ) : (
        <form
          className="grid gap-5"
          noValidate
          onSubmit={form.handleSubmit(({ password }) => confirm.mutate({ token, password }))}
        >
          <FormField
            label={m.newPassword}
            type="password"
            autoComplete="new-password"
            required
            error={problem}
            {...form.register("password")}
          />
          {confirm.isError && (
            <LinkPageNotice tone="error">
              {refusal(confirm.error)}{" "}
              <Link to={paths.passwordReset.getHref()} className="underline underline-offset-4">
                {m.sendResetLink}
              </Link>
            </LinkPageNotice>
          )}
          <SubmitButton busy={confirm.isPending} label={m.setNewPassword} />
        </form>
      )}
    </LinkPageFrame>
  );
}
