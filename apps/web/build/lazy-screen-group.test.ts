import { describe, expect, it } from "vitest";
import { lazyScreenGroup } from "./lazy-screen-group";

const lucide = "/repo/node_modules/lucide-react/dist/esm/lucide-react.mjs";
const icon = (name: string) => `/repo/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;

/** A small app: its entry, a public page, the dialog and a member's screen (all lazy). */
const modules: Record<
  string,
  { isEntry?: boolean; code?: string; imports?: string[]; lazy?: string[] }
> = {
  "/repo/index.html": { isEntry: true, imports: ["/repo/src/main.tsx"] },
  "/repo/src/main.tsx": {
    code: 'import { Sparkles } from "lucide-react";',
    imports: ["/repo/node_modules/react/index.js", lucide, "/repo/src/ui/button.tsx"],
    lazy: ["/repo/src/gallery.tsx", "/repo/src/dialog.tsx", "/repo/src/account.tsx"],
  },
  "/repo/src/gallery.tsx": { imports: ["/repo/src/ui/tile.tsx"] },
  "/repo/src/dialog.tsx": {
    code: 'import { Eye, Share2 as Share } from "lucide-react";',
    imports: [
      "/repo/node_modules/react/index.js",
      lucide,
      "/repo/src/ui/button.tsx",
      "/repo/src/ui/tile.tsx",
      "/repo/src/ui/modal.tsx",
      "/repo/src/lib/core-helper.ts",
    ],
    lazy: ["/repo/src/report.tsx"],
  },
  "/repo/src/account.tsx": { imports: ["/repo/src/ui/modal.tsx"] },
  "/repo/src/report.tsx": { imports: ["/repo/src/ui/modal.tsx"] },
  "/repo/src/ui/modal.tsx": { imports: ["/repo/node_modules/@radix-ui/react-dialog/index.mjs"] },
  "/repo/node_modules/@radix-ui/react-dialog/index.mjs": {
    imports: ["/repo/node_modules/react/index.js"],
  },
  "/repo/src/ui/button.tsx": {},
  "/repo/src/ui/tile.tsx": {},
  "/repo/src/lib/core-helper.ts": {},
  "/repo/node_modules/react/index.js": {},
  [lucide]: {
    code: [
      "export { default as Eye, default as EyeIcon } from './icons/eye.mjs';",
      "export { default as Share2, default as LucideShare2 } from './icons/share-2.mjs';",
      "export { default as Sparkles } from './icons/sparkles.mjs';",
      "export { default as Trash } from './icons/trash.mjs';",
    ].join("\n"),
    imports: [icon("eye"), icon("share-2"), icon("sparkles"), icon("trash")],
  },
  [icon("eye")]: {},
  [icon("share-2")]: {},
  [icon("sparkles")]: {},
  [icon("trash")]: {},
};

function grouped(): string[] {
  const { plugin, group } = lazyScreenGroup({
    name: "dialog",
    screen: /\/src\/dialog\.tsx$/,
    others: /\/src\/(gallery|dialog)\.tsx$/,
    grouped: [/node_modules\/react\//, /\/src\/lib\//],
  });
  const context = {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const module = modules[id];
      return module
        ? {
            isEntry: module.isEntry ?? false,
            code: module.code ?? null,
            importedIds: module.imports ?? [],
            dynamicallyImportedIds: module.lazy ?? [],
          }
        : null;
    },
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  return Object.keys(modules).filter((id) => group.test(id));
}

describe("lazyScreenGroup", () => {
  it("groups what the screen alone imports among the public pages: its icons, its modal and what the modal brings", () => {
    expect(grouped().sort()).toEqual(
      [
        "/repo/node_modules/@radix-ui/react-dialog/index.mjs",
        "/repo/src/ui/modal.tsx",
        icon("eye"),
        icon("share-2"),
      ].sort(),
    );
  });

  it("leaves out the entry's and the other public pages' modules, the other groups', the lazy screens and the icons nobody names", () => {
    const members = grouped();
    for (const id of [
      "/repo/src/ui/button.tsx",
      "/repo/src/ui/tile.tsx",
      icon("sparkles"),
      icon("trash"),
      "/repo/node_modules/react/index.js",
      "/repo/src/lib/core-helper.ts",
      lucide,
      "/repo/src/dialog.tsx",
      "/repo/src/report.tsx",
      "/repo/src/account.tsx",
    ])
      expect(members).not.toContain(id);
  });

  it("refuses to group before the build has read its module graph", () => {
    const { group } = lazyScreenGroup({ name: "x", screen: /x/, others: /y/, grouped: [] });
    expect(() => group.test("/repo/src/dialog.tsx")).toThrow(/module graph/);
  });
});
