import { fileURLToPath, URL } from "node:url";
import type { Plugin } from "vite";

/** What the bundler tells a plugin about a module (rolldown's ModuleInfo, the parts read here). */
interface ModuleFacts {
  isEntry: boolean;
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

interface ModuleGraph {
  ids: string[];
  info: (id: string) => ModuleFacts | null;
}

/**
 * One chunk for what a lazy screen alone brings among the public pages: the modules it imports
 * (not lazily), less what the app's entry, the `others` screens and the `grouped` chunks (react,
 * core) import, less the lazy screens themselves (their chunks keep their names in the build's
 * manifest, which the server reads). Left to the bundler, the image detail dialog's imports made
 * 27 chunks beside its own, 20 of them under 400 bytes gzip, each shared with a different set of
 * members' and admins' screens, and all named only when a share page's hydration reached the
 * dialog: 11 requests now instead of 28 (issue 20). A member's or an admin's screen that shares
 * one of these modules downloads the group with it.
 *
 * The group does not bring its modules' imports along (`includeDependenciesRecursively: false`):
 * those are the entry's, the other screens' or react and core's, which load first, and none of
 * them imports back into the group (they would be in `others`' closure), so no chunk cycle.
 */
export function lazyScreenGroup(options: {
  name: string;
  screen: RegExp;
  others: RegExp;
  grouped: RegExp[];
}) {
  let graph: ModuleGraph | undefined;
  let members: Set<string> | undefined;
  const plugin: Plugin = {
    name: `sawdust:lazy-screen-group:${options.name}`,
    buildEnd() {
      members = undefined;
      graph = { ids: [...this.getModuleIds()], info: (id) => this.getModuleInfo(id) };
    },
  };
  const group = {
    name: options.name,
    test: (id: string) => {
      if (!graph) throw new Error("the chunks are grouped before the build has a module graph");
      members ??= screenOnlyModules(graph, options);
      return members.has(id);
    },
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

function screenOnlyModules(
  graph: ModuleGraph,
  { screen, others, grouped }: { screen: RegExp; others: RegExp; grouped: RegExp[] },
): Set<string> {
  const { ids, info } = graph;
  const lazy = new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
  const iconsOf = lucideIcons(graph);
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const imported of info(id)?.importedIds ?? [])
        for (const module of LUCIDE.test(imported) ? iconsOf(id) : [imported]) visit(module);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const shared = closure(
    ids.filter((id) => info(id)?.isEntry || (lazy.has(id) && others.test(id) && !screen.test(id))),
  );
  const inGroups = (id: string) => grouped.some((test) => test.test(id));
  return new Set(
    [...closure(ids.filter((id) => screen.test(id)))].filter(
      (id) => !inGroups(id) && !shared.has(id) && !lazy.has(id),
    ),
  );
}

/** lucide-react's index, which re-exports every icon (each icon is a module of its own). */
const LUCIDE = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * The icon modules a module names in its imports from lucide-react. The index imports every
 * icon, so following it would put all of them in every page's closure; the bundler keeps only
 * the icons named, and so does this.
 */
function lucideIcons(graph: ModuleGraph): (importer: string) => string[] {
  const index = graph.ids.find((id) => LUCIDE.test(id));
  const byName = new Map<string, string>();
  if (index !== undefined) {
    const reExports = /export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g;
    for (const [, names = "", file = ""] of graph.info(index)?.code?.matchAll(reExports) ?? []) {
      const path = fileURLToPath(new URL(file, `file://${index}`));
      for (const name of names.split(","))
        byName.set(name.split(" as ").at(-1)?.trim() ?? "", path);
    }
  }
  const imports = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
  return (importer) =>
    [...(graph.info(importer)?.code ?? "").matchAll(imports)]
      .flatMap(([, names = ""]) => names.split(","))
      .map((name) => byName.get(name.trim().split(/\s+as\s+/)[0] ?? ""))
      .filter((id): id is string => id !== undefined);
}
