import { useMatch } from "react-router";
import { paths } from "@/app/paths";
import { SandboxCheckoutPage } from "./checkout-page";
import { SandboxPortalPage } from "./portal-page";

/**
 * The sandbox provider's pages, /billing/sandbox/checkout/:sessionId and
 * /billing/sandbox/portal/:sessionId, behind one lazy route entry (the router is in the first
 * download; these pages are for the few who pay).
 */
export function SandboxPage() {
  return useMatch(paths.sandboxPortal.path) ? <SandboxPortalPage /> : <SandboxCheckoutPage />;
}
