import { type ComponentType, lazy } from "react";

/**
 * A component whose code loads when it is first rendered (a screen, or the root layout's billing
 * notice), keeping the first download small: `name` is the module's export to show.
 */
export function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazy(async () => {
    const component: ComponentType = (await load())[name];
    return { default: component };
  });
}
