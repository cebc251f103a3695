import { createHash } from "node:crypto";
import { EARLY_CLICK_SCRIPT } from "@sawdust/shared";

/** The inline script a rendered page carries in its head (see EARLY_CLICK_SCRIPT). */
export const EARLY_CLICK_TAG = `<script>${EARLY_CLICK_SCRIPT}</script>`;

/** The script's Content-Security-Policy source: this one inline script may run, no other. */
export const EARLY_CLICK_CSP_SOURCE = `'sha256-${createHash("sha256").update(EARLY_CLICK_SCRIPT).digest("base64")}'`;
