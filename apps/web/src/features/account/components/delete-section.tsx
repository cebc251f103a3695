import { MESSAGES } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { refreshSession } from "@/lib/api/get-current-user";
import { useDeleteAccount } from "../api/delete-account";
import { refusalOf } from "../refusal";
import { LabelledInput } from "./labelled-input";
import { AccountSection, FormFoot } from "./section";

const m = MESSAGES.account;

/** Deleting the account: the password again, then a last question. */
export function DeleteSection() {
  const [password, setPassword] = useState("");
  const [asking, setAsking] = useState(false);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <AccountSection id="delete" title={m.deleteSection} description={m.deleteIntro}>
      <form
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (password) setAsking(true);
        }}
      >
        <LabelledInput
          label={m.currentPassword}
          name="delete-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormFoot
          problem={remove.isError ? refusalOf(remove.error) : undefined}
          pending={remove.isPending}
          destructive
          disabled={!password}
        >
          {m.deleteAccount}
        </FormFoot>
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={m.deleteConfirmTitle}
        description={m.deleteConfirmText}
        confirmLabel={m.deleteAccount}
        pendingLabel={MESSAGES.auth.pleaseWait}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { password },
            {
              onSuccess: async () => {
                setAsking(false);
                toast({ title: m.accountDeleted });
                navigate(paths.home.getHref(), { replace: true });
                await refreshSession(queryClient, null);
              },
              onError: () => setAsking(false),
            },
          )
        }
      />
    </AccountSection>
  );
}
