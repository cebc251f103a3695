import {
  characterCount,
  MESSAGES,
  PROFILE_LIMITS,
  type ProfileUpdate,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type User,
} from "@sawdust/shared";
import { type ReactNode, useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { firstErrorMessage } from "@/lib/form-errors";
import { useUpdateProfile } from "../api/update-profile";
import { formValuesOf, type ProfileFormValues, profileResolver } from "../profile-form-model";
import { ProfileField } from "./profile-field";
import { SpecialtiesField } from "./specialties-field";

const SOCIAL_LABELS: Record<SocialNetwork, { label: string; placeholder: string }> = {
  instagram: { label: "Instagram", placeholder: "@yourname" },
  twitter: { label: "Twitter", placeholder: "@yourname" },
  facebook: { label: "Facebook", placeholder: "https://facebook.com/yourname" },
  behance: { label: "Behance", placeholder: "https://behance.net/yourname" },
  dribbble: { label: "Dribbble", placeholder: "https://dribbble.com/yourname" },
};

/**
 * The artist profile form (spec sections 2 and 5), checked with the server's own schema before it
 * is sent. Errors show under their fields once a save has been tried, and follow every change; the
 * first field in error takes the focus.
 */
export function ProfileForm({ user }: { user: User }) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field.replace(".", "-")}`;
  const update = useUpdateProfile();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: profileResolver(user),
    defaultValues: formValuesOf(user),
  });
  const [bio, artistStatement] = useWatch({ control, name: ["bio", "artistStatement"] });
  const saving = update.isPending;

  function save(body: ProfileUpdate) {
    update.mutate(body, {
      onSuccess: (saved) => {
        // What the server stored, trimmed and cleaned; later changes are still checked as typed.
        reset(formValuesOf(saved), { keepIsSubmitted: true });
        toast({ title: MESSAGES.profile.updatedTitle, description: MESSAGES.profile.updatedText });
      },
      onError: (error) =>
        toast({
          title: MESSAGES.profile.updateFailed,
          description: isApiRequestError(error) && error.body ? error.body : undefined,
          variant: "destructive",
        }),
    });
  }

  return (
    <form
      onSubmit={handleSubmit(save)}
      noValidate
      aria-label="Artist profile"
      className="grid gap-6"
    >
      <Section title="About you" description={MESSAGES.profile.aboutYouIntro}>
        <ProfileField
          id={fieldId("displayName")}
          label="Display Name"
          hint={MESSAGES.profile.displayNameHint(PROFILE_LIMITS.displayNameMin)}
          error={errors.displayName?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register("displayName")}
              placeholder="e.g. Mira Vale"
              autoComplete="name"
              disabled={saving}
            />
          )}
        </ProfileField>
        <ProfileField
          id={fieldId("bio")}
          label="Bio"
          counter={{ length: characterCount(bio), max: PROFILE_LIMITS.bioMax }}
          error={errors.bio?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              {...register("bio")}
              rows={4}
              placeholder="A few lines about you and your work"
              disabled={saving}
            />
          )}
        </ProfileField>
        <ProfileField
          id={fieldId("website")}
          label="Website"
          hint="A full address, such as https://example.com."
          error={errors.website?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register("website")}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://your-studio.com"
              disabled={saving}
            />
          )}
        </ProfileField>
        <ProfileField
          id={fieldId("artistStatement")}
          label="Artist Statement"
          counter={{
            length: characterCount(artistStatement),
            max: PROFILE_LIMITS.artistStatementMax,
          }}
          error={errors.artistStatement?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              {...register("artistStatement")}
              rows={6}
              placeholder="What drives your art, and what you want people to feel"
              disabled={saving}
            />
          )}
        </ProfileField>
      </Section>

      <Section title="Social links" description={MESSAGES.profile.socialLinksIntro}>
        <div className="grid gap-5 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <ProfileField
              key={network}
              id={fieldId(`socialLinks.${network}`)}
              label={SOCIAL_LABELS[network].label}
              error={errors.socialLinks?.[network]?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register(`socialLinks.${network}`)}
                  placeholder={SOCIAL_LABELS[network].placeholder}
                  disabled={saving}
                />
              )}
            </ProfileField>
          ))}
        </div>
      </Section>

      <Section title="Specialties" description="The styles, media and subjects you work in.">
        <Controller
          control={control}
          name="specialties"
          render={({ field }) => (
            <SpecialtiesField
              id={fieldId("specialties")}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              // The list's own bound, or (should one slip through) an entry's.
              error={firstErrorMessage(errors.specialties)}
              disabled={saving}
            />
          )}
        />
      </Section>

      <div className="flex justify-end">
        <Button type="submit" variant="brand" size="lg" disabled={saving} className="max-sm:w-full">
          {saving ? MESSAGES.profile.saving : MESSAGES.profile.saveChanges}
        </Button>
      </div>
    </form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="font-display text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  );
}
