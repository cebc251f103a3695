import type { ComponentType } from "react";
import { retryingLazy } from "@/lib/retrying-lazy";

/**
 * A component whose code loads when it is first rendered (a screen, or the root layout's billing
 * notice), keeping the first download small: `name` is the module's export to show.
 */
export function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return retryingLazy<Record<Name, ComponentType>, ComponentType>(load, (module) => module[name]);
}
