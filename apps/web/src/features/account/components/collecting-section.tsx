import { MESSAGES } from "@sawdust/shared";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { useCollectorPrivacy, useSetCollectorPrivacy } from "../api/collector-privacy";
import { refusalOf } from "../refusal";
import { AccountSection, FormProblem } from "./section";

const m = MESSAGES.editions;

/**
 * Whether the member is named on the 1/1s they collect (issue 19). On the account page, not the
 * artist profile: every buyer has an account, and the profile is about one's own work.
 */
export function CollectingSection() {
  const id = useId();
  const privacy = useCollectorPrivacy();
  const save = useSetCollectorPrivacy();
  const named = save.isPending
    ? !save.variables.collectsPrivately
    : privacy.data
      ? !privacy.data.collectsPrivately
      : true;

  return (
    <AccountSection id="collecting" title={m.collectorSection} description={m.collectorIntro}>
      {privacy.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : privacy.isError ? (
        <FormProblem>{refusalOf(privacy.error)}</FormProblem>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-named`} className="leading-snug">
            {m.collectorSwitch}
          </Label>
          <Switch
            id={`${id}-named`}
            checked={named}
            disabled={save.isPending}
            onCheckedChange={(checked) =>
              save.mutate(
                { collectsPrivately: !checked },
                {
                  onSuccess: (saved) =>
                    toast({
                      title: saved.collectsPrivately ? m.collectorHidden : m.collectorShown,
                    }),
                },
              )
            }
          />
        </div>
      )}
      {save.isError && <FormProblem>{refusalOf(save.error)}</FormProblem>}
    </AccountSection>
  );
}
