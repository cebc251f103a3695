import { type ApiKey, type ApiKeyCreated, MESSAGES } from "@sawdust/shared";
import { KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { EmptyPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useApiKeys } from "./api/get-api-keys";
import { useRevokeApiKey } from "./api/revoke-api-key";
import { CreateKeyForm } from "./components/create-key-form";
import { KeysTable } from "./components/keys-table";
import { NewKeyPanel } from "./components/new-key-panel";
import { UsageDocs } from "./components/usage-docs";
import { failureReason } from "./key-text";

/**
 * /admin/api-keys (spec sections 2, 4 and 8): create a key for a partner and see it once, the
 * keys with their use, revoke one for good, and how partners call the marketing API. The new
 * key lives in this page's state alone: another creation or leaving the page clears it.
 */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  // A revoked key loses its Revoke button: focus then goes to the list rather than nowhere.
  const keysHeading = useRef<HTMLHeadingElement>(null);
  const revoked = useRef(false);
  const m = MESSAGES.apiKeys;

  function confirmRevoke() {
    if (!revoking) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => {
        toast({ title: m.revoked, description: `“${name}” no longer opens the marketing API.` });
        revoked.current = true;
        setRevoking(null);
      },
      onError: (error) => {
        toast({
          title: m.revokeErrorTitle,
          description: m.revokeFailed(failureReason(error)),
          variant: "destructive",
        });
        setRevoking(null);
      },
    });
  }

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="API Keys"
        description={
          <p className="max-w-2xl text-base">
            Keys let partners (print shops, marketing tools, newsletters) read the public catalogue
            through the marketing API.
          </p>
        }
      />

      <div className="grid gap-6 pt-8 lg:grid-cols-5">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <CreateKeyForm onCreating={() => setCreated(null)} onCreated={setCreated} />
          {created && (
            <NewKeyPanel key={created.id} created={created} onDismiss={() => setCreated(null)} />
          )}
        </div>
        <div className="min-w-0 lg:col-span-3">
          {keys.data ? <UsageDocs partnerApi={keys.data.partnerApi} /> : null}
        </div>
      </div>

      <section aria-labelledby="keys-heading" className="grid gap-4 pt-10">
        <h2
          id="keys-heading"
          ref={keysHeading}
          tabIndex={-1}
          className="font-display text-2xl font-semibold outline-none"
        >
          Keys
        </h2>
        {keys.isPending ? (
          <div role="status" aria-label="Loading API keys" className="grid gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : keys.isError ? (
          <div role="alert" className="rounded-xl border bg-card px-6 py-10 text-center">
            <p className="text-destructive">{m.fetchFailed(failureReason(keys.error))}</p>
            <Button className="mt-4" variant="outline" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </div>
        ) : keys.data.apiKeys.length === 0 ? (
          <EmptyPanel icon={<KeyRound className="size-6" aria-hidden />} title="No API keys yet">
            Create a key for each partner above. You can revoke one at any time.
          </EmptyPanel>
        ) : (
          <KeysTable apiKeys={keys.data.apiKeys} onRevoke={setRevoking} />
        )}
      </section>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API key?"
        description={
          <>
            Revoke “{revoking?.name}”? Partners using it are refused from their next request. This
            action cannot be undone.
          </>
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCloseAutoFocus={(event) => {
          if (!revoked.current) return;
          revoked.current = false;
          event.preventDefault();
          keysHeading.current?.focus();
        }}
      />
    </AdminPageFrame>
  );
}
