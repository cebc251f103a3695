import {
  MESSAGES,
  PROFILE_LIMITS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type User,
} from "@sawdust/shared";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useUpdateProfile } from "../api/update-profile";
import {
  formValuesOf,
  PROFILE_FIELD_ORDER,
  type ProfileFieldErrors,
  type ProfileFieldName,
  type ProfileFormValues,
  validateProfile,
} from "../profile-form-model";
import { ProfileField } from "./profile-field";
import { SpecialtiesField } from "./specialties-field";

const SOCIAL_LABELS: Record<SocialNetwork, { label: string; placeholder: string }> = {
  instagram: { label: "Instagram", placeholder: "@yourname" },
  twitter: { label: "Twitter", placeholder: "@yourname" },
  facebook: { label: "Facebook", placeholder: "facebook.com/yourname" },
  behance: { label: "Behance", placeholder: "behance.net/yourname" },
  dribbble: { label: "Dribbble", placeholder: "dribbble.com/yourname" },
};

/**
 * The artist profile form (spec sections 2 and 5), checked with the server's own schema before it
 * is sent. Errors show under their fields once a save has been tried, and follow every change.
 */
export function ProfileForm({ user }: { user: User }) {
  const id = useId();
  const fieldId = (field: ProfileFieldName) => `${id}-${field.replace(".", "-")}`;
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(user));
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [tried, setTried] = useState(false);
  const saving = update.isPending;

  function change(next: ProfileFormValues) {
    setValues(next);
    if (tried) {
      const check = validateProfile(next, user);
      setErrors(check.ok ? {} : check.errors);
    }
  }
  const set = <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) =>
    change({ ...values, [field]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const check = validateProfile(values, user);
    if (!check.ok) {
      setErrors(check.errors);
      const first = PROFILE_FIELD_ORDER.find((field) => check.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    update.mutate(check.body, {
      onSuccess: (saved) => {
        setValues(formValuesOf(saved));
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
    <form onSubmit={submit} noValidate aria-label="Artist profile" className="grid gap-6">
      <Section title="About you" description="How you appear to collectors across the gallery.">
        <ProfileField
          id={fieldId("displayName")}
          label="Display Name"
          hint={`At least ${PROFILE_LIMITS.displayNameMin} characters. Shown instead of your username.`}
          error={errors.displayName}
        >
          {(control) => (
            <Input
              {...control}
              value={values.displayName}
              placeholder="e.g. Mira Vale"
              autoComplete="name"
              disabled={saving}
              onChange={(event) => set("displayName", event.target.value)}
            />
          )}
        </ProfileField>
        <ProfileField
          id={fieldId("bio")}
          label="Bio"
          counter={{ length: values.bio.length, max: PROFILE_LIMITS.bioMax }}
          error={errors.bio}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              value={values.bio}
              placeholder="A few lines about you and your work"
              disabled={saving}
              onChange={(event) => set("bio", event.target.value)}
            />
          )}
        </ProfileField>
        <ProfileField
          id={fieldId("website")}
          label="Website"
          hint="A full address, such as https://example.com."
          error={errors.website}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              value={values.website}
              placeholder="https://your-studio.com"
              disabled={saving}
              onChange={(event) => set("website", event.target.value)}
            />
          )}
        </ProfileField>
        <ProfileField
          id={fieldId("artistStatement")}
          label="Artist Statement"
          counter={{
            length: values.artistStatement.length,
            max: PROFILE_LIMITS.artistStatementMax,
          }}
          error={errors.artistStatement}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={6}
              value={values.artistStatement}
              placeholder="What drives your art, and what you want people to feel"
              disabled={saving}
              onChange={(event) => set("artistStatement", event.target.value)}
            />
          )}
        </ProfileField>
      </Section>

      <Section
        title="Social links"
        description="Handles or addresses; leave a field empty to hide it."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <ProfileField
              key={network}
              id={fieldId(`socialLinks.${network}`)}
              label={SOCIAL_LABELS[network].label}
              error={errors[`socialLinks.${network}`]}
            >
              {(control) => (
                <Input
                  {...control}
                  value={values.socialLinks[network]}
                  placeholder={SOCIAL_LABELS[network].placeholder}
                  disabled={saving}
                  onChange={(event) =>
                    set("socialLinks", { ...values.socialLinks, [network]: event.target.value })
                  }
                />
              )}
            </ProfileField>
          ))}
        </div>
      </Section>

      <Section title="Specialties" description="The styles, media and subjects you work in.">
        <SpecialtiesField
          id={fieldId("specialties")}
          value={values.specialties}
          onChange={(next) => set("specialties", next)}
          error={errors.specialties}
          disabled={saving}
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
