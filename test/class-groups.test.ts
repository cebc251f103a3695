import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "../apps/web/src/lib/utils";
import {
  classGroupsSource,
  OUTPUT,
  reducedConfig,
  splitVariants,
} from "../scripts/lib/class-groups.mjs";

/**
 * The web app's `cn` merges with only the classes the app writes (apps/web/src/lib/class-groups.ts,
 * generated from the source by `node scripts/class-groups.mjs`). It must merge every pair of
 * those classes exactly as tailwind-merge's full config does.
 */
describe("the web app's class merging", () => {
  const config = reducedConfig();

  it("is generated from the classes in the source as it is now", () => {
    expect(
      readFileSync(OUTPUT, "utf8") === classGroupsSource(config),
      "apps/web/src/lib/class-groups.ts is out of date: run `node scripts/class-groups.mjs`",
    ).toBe(true);
  });

  it("merges every pair of the app's classes as tailwind-merge's full config does", () => {
    const byVariants = new Map<string, string[]>();
    for (const token of config.recognised) {
      const { variants } = splitVariants(token);
      byVariants.set(variants, [...(byVariants.get(variants) ?? []), token]);
    }
    const differences: string[] = [];
    let pairs = 0;
    for (const same of byVariants.values()) {
      for (const a of same) {
        for (const b of same) {
          // The full config also drops a repeated class; a repeat changes nothing on screen.
          if (a === b) continue;
          pairs += 1;
          const expected = twMerge(a, b);
          const actual = cn(a, b);
          if (actual !== expected) differences.push(`${a} ${b}: ${actual} (full: ${expected})`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(10_000);
    expect(differences).toEqual([]);
    // Tens of thousands of merges: seconds on a busy machine (CI runs this beside the browser).
  }, 60_000);

  it("still lets a later class override an earlier one of its group", () => {
    expect(cn("h-9 px-4 rounded-md", "h-11 rounded-full")).toBe("px-4 h-11 rounded-full");
    expect(cn("p-6", "px-4")).toBe("p-6 px-4");
    expect(cn("px-4", "p-6")).toBe("p-6");
    expect(cn("text-sm text-muted-foreground", "text-base")).toBe(
      "text-muted-foreground text-base",
    );
    expect(cn("hidden md:flex", "flex")).toBe("md:flex flex");
  });
});
