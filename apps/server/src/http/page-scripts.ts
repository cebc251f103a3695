import { createHash } from "node:crypto";
import { CODE_AFTER_PICTURES_SCRIPT, EARLY_CLICK_SCRIPT } from "@sawdust/shared";

const SCRIPTS = [EARLY_CLICK_SCRIPT, CODE_AFTER_PICTURES_SCRIPT];

/**
 * The inline scripts a rendered page carries in its head: one keeps a click made before the app
 * runs (EARLY_CLICK_SCRIPT), one fetches the app's code once the first pictures have been painted
 * (CODE_AFTER_PICTURES_SCRIPT).
 */
export const PAGE_SCRIPT_TAGS = SCRIPTS.map((script) => `<script>${script}</script>`);

/** The scripts' Content-Security-Policy sources: these inline scripts may run, no other. */
export const PAGE_SCRIPTS_CSP_SOURCES = SCRIPTS.map(
  (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
);
