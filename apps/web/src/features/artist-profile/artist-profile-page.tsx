import { useUser } from "@/lib/api/get-current-user";
import { useDocumentTitle } from "@/lib/document-title";
import { ProfileForm } from "./components/profile-form";

/** /artist-profile: the signed-in member edits how they appear (spec section 2). */
export function ArtistProfilePage() {
  const { data: user } = useUser();
  useDocumentTitle("Artist Profile");
  // The route's guard sends a visitor to /auth before this renders.
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8">
        <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Your profile
        </p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          Artist Profile
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Who you are, where to find you and what you make.
        </p>
      </header>
      <ProfileForm key={user.id} user={user} />
    </div>
  );
}
