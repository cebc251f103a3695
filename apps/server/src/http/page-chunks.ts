import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PublicPage } from "./page-head.js";

/**
 * The web app's modules each public page's code starts from (its lazy routes, apps/web
 * app/router.tsx). An image's page is the gallery with the detail dialog open over it: the
 * dialog comes rendered, with its artwork preloaded, and its code is not named here (issue 20:
 * not in the page's first JavaScript). It loads as the page hydrates, and React hydrates the
 * dialog when it arrives, leaving the server's HTML in place until then.
 */
export const PAGE_MODULES: Record<PublicPage["kind"], readonly string[]> = {
  gallery: ["src/app/routes/gallery-route.tsx"],
  image: ["src/app/routes/gallery-route.tsx"],
  explore: ["src/features/explore/explore-page.tsx"],
  tag: ["src/features/tag/tag-page.tsx"],
  oneOfOne: ["src/features/editions/one-of-one-page.tsx"],
  openEditions: ["src/features/editions/open-editions-page.tsx"],
};

/** A chunk of Vite's build manifest (.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * For each public page, the `<link rel="modulepreload">` tags of the chunks its code needs beyond
 * the app's entry (which index.html names already), from the build's manifest: they download
 * beside the entry rather than after it has run. Empty when the build has no manifest, and for a
 * page whose modules it does not list (`missing` names them: a renamed route file).
 */
export async function loadPageChunks(webDist: string): Promise<{
  tagsOf: (kind: PublicPage["kind"]) => string;
  missing: string[];
}> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      await readFile(join(webDist, ".vite", "manifest.json"), "utf8"),
    ) as Record<string, ManifestChunk>;
  } catch {
    return { tagsOf: () => "", missing: [] };
  }
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const entry = closure(["index.html"]);
  const missing = Object.values(PAGE_MODULES)
    .flat()
    .filter((key, i, all) => !manifest[key] && all.indexOf(key) === i);
  const tags = new Map<string, string>();
  for (const [kind, modules] of Object.entries(PAGE_MODULES)) {
    const files = [...closure(modules)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file?.endsWith(".js") === true);
    tags.set(
      kind,
      files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n"),
    );
  }
  return { tagsOf: (kind) => tags.get(kind) ?? "", missing };
}
