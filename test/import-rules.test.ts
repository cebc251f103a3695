import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run check` runs dependency-cruiser with `.dependency-cruiser.cjs`. Here the same config
 * cruises a small tree that breaks each rule once, and every rule must report its violation.
 */
const root = resolve(import.meta.dirname, "..");
const tree = mkdtempSync(join(tmpdir(), "sawdust-import-rules-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const files: Record<string, string> = {
  "apps/server/src/modules/things/things.routes.ts": `import { ThingsRepo } from "./things.repo";\nexport const r = ThingsRepo;`,
  "apps/server/src/modules/things/things.repo.ts": `import { rule } from "./things.service";\nexport class ThingsRepo { r = rule; }`,
  "apps/server/src/modules/things/things.service.ts": `import { hook } from "../../http/hook";\nexport const rule = hook;`,
  "apps/server/src/http/hook.ts": "export const hook = 1;",
  "apps/server/src/http/peek.ts": `import { ThingsRepo } from "../modules/things/things.repo";\nexport const peek = ThingsRepo;`,
  "apps/server/src/media/look.ts": `import { ThingsRepo } from "../modules/things/things.repo";\nexport const look = ThingsRepo;`,
  "apps/server/src/modules/loop/a.ts": `import { b } from "./b";\nexport const a = b;`,
  "apps/server/src/modules/loop/b.ts": `import { a } from "./a";\nexport const b = () => a;`,
  "apps/web/src/features/gallery/gallery-page.tsx": `import { Picker } from "../collections/picker";\nexport const G = Picker;`,
  "apps/web/src/features/collections/picker.tsx": "export const Picker = 1;",
  "apps/web/src/lib/api.ts": `import { G } from "../features/gallery/gallery-page";\nexport const api = G;`,
  "apps/web/src/server-peek.ts": `import { hook } from "../../server/src/http/hook";\nexport const p = hook;`,
  "packages/shared/src/leak.ts": `import { hook } from "../../../apps/server/src/http/hook";\nexport const leak = hook;`,
};

function cruise(): string[] {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), content);
  }
  copyFileSync(join(root, ".dependency-cruiser.cjs"), join(tree, ".dependency-cruiser.cjs"));
  copyFileSync(join(root, "tsconfig.depcruise.json"), join(tree, "tsconfig.depcruise.json"));
  copyFileSync(join(root, "tsconfig.base.json"), join(tree, "tsconfig.base.json"));
  const bin = join(root, "node_modules", ".bin", "depcruise");
  let output: string;
  try {
    output = execFileSync(
      bin,
      ["apps", "packages", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      {
        cwd: tree,
        encoding: "utf8",
      },
    );
  } catch (error) {
    // depcruise exits non-zero when it finds errors; the report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as {
    summary: { violations: Array<{ rule: { name: string } }> };
  };
  return report.summary.violations.map((v) => v.rule.name);
}

describe("import rules", () => {
  const violated = cruise();
  it.each([
    "routes-do-not-touch-the-database",
    "repos-make-no-decisions",
    "services-do-not-know-http",
    "no-circular",
    "web-features-are-independent",
    "web-shared-layers-stay-below-features",
    "server-and-web-apart",
    "shared-is-standalone",
    "http-gets-services-passed-in",
    "media-imports-no-repository",
  ])("reports a violation of %s", (rule) => {
    expect(violated).toContain(rule);
  });
});
