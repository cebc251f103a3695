import { MESSAGES } from "@sawdust/shared";
import { Navigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { PageSpinner } from "@/components/layout/page-spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useUser } from "@/lib/api/get-current-user";
import { useSite } from "@/lib/api/get-site";
import { useDocumentTitle } from "@/lib/document-title";
import { MAIN_CONTENT_ID } from "@/lib/main-content";
import { AuthHeader } from "./components/auth-header";
import { AuthImagePanel } from "./components/auth-image-panel";
import { LoginForm } from "./components/login-form";
import { RegisterForm } from "./components/register-form";
import { safeRedirectPath } from "./safe-redirect";

/**
 * Sign-in and registration. Whoever is signed in (already, or just now) moves on to the
 * `?redirect=` path when it stays on this site, else to the dashboard.
 */
export function AuthScreen() {
  const { data: user, isPending } = useUser();
  const [searchParams] = useSearchParams();
  const { site, isPlaceholderData } = useSite();
  useDocumentTitle("Sign in");

  if (isPending) return <PageSpinner />;
  if (user) {
    const target =
      safeRedirectPath(searchParams.get("redirect"), window.location.origin) ??
      paths.dashboard.getHref();
    return <Navigate to={target} replace />;
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthImagePanel className="hidden lg:block" />
      <div className="flex min-w-0 flex-col">
        <AuthHeader />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex flex-1 outline-none items-start justify-center px-4 pb-16 pt-8 sm:items-center sm:pt-0"
        >
          <div className="w-full max-w-md">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
              Sign in to {site.siteName}
            </h1>
            <p className="mt-2 text-muted-foreground">
              Keep collections, download in higher quality and manage your plan.
            </p>
            <Tabs
              defaultValue={searchParams.get("tab") === "register" ? "register" : "login"}
              className="mt-8"
            >
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Create account</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register">
                {site.registrationOpen || isPlaceholderData ? (
                  <RegisterForm />
                ) : (
                  <div
                    role="status"
                    className="mt-4 rounded-xl border border-dashed bg-card/60 px-6 py-8 text-center"
                    data-testid="registration-closed"
                  >
                    <p className="font-display text-xl font-semibold">
                      {MESSAGES.siteSettings.registrationClosed}
                    </p>
                    <p className="mt-2 text-sm text-muted-foreground">
                      {MESSAGES.siteSettings.registrationClosedHint}
                    </p>
                  </div>
                )}
              </TabsContent>
            </Tabs>
          </div>
        </main>
      </div>
    </div>
  );
}
