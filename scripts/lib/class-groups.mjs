/**
 * The web app's class merging (`cn` in apps/web/src/lib/utils.ts) uses tailwind-merge with only
 * the Tailwind classes the app's source writes, instead of tailwind-merge's config of every
 * Tailwind class (27 kB of the first download). This module works that config out from the
 * source: every class token in apps/web/src, the class group tailwind-merge's full config puts
 * it in, and, of those groups, the ones where two of the app's classes can override each other.
 *
 * `node scripts/class-groups.mjs` writes apps/web/src/lib/class-groups.ts; test/class-groups.test.ts
 * fails when that file is out of date or when the reduced merge disagrees with the full one on
 * any pair of the app's classes.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";

export const ROOT = resolve(import.meta.dirname, "../..");
export const WEB_SRC = join(ROOT, "apps/web/src");
export const OUTPUT = join(WEB_SRC, "lib/class-groups.ts");

function sourceFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && path !== OUTPUT ? [path] : [];
    });
}

/** Every whitespace-separated word of every string literal in the web app's source. */
export function sourceTokens() {
  const tokens = new Set();
  for (const file of sourceFiles(WEB_SRC)) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)) {
      const text = (match[1] ?? match[2] ?? match[3]).replace(/\$\{[^}]*\}/g, " ");
      for (const token of text.split(/\s+/)) {
        if (/^[a-z0-9!@\-[\]/.:%&_#(),=*>+~]+$/i.test(token) && /[a-z]/i.test(token)) {
          tokens.add(token);
        }
      }
    }
  }
  return [...tokens].sort();
}

/** A class without its variants (`md:hover:`), important mark (`!`) and negative sign. */
export function splitVariants(token) {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < token.length; i++) {
    if (token[i] === "[") depth++;
    else if (token[i] === "]") depth--;
    else if (token[i] === ":" && depth === 0) last = i;
  }
  const variants = last < 0 ? "" : token.slice(0, last);
  const base = token
    .slice(last + 1)
    .replace(/^!|!$/g, "")
    .replace(/^-/, "");
  return { variants: variants.split(":").sort().join(":"), base };
}

/** A group's class definitions with only the literal names left (validators dropped). */
function literalOnly(definitions, theme) {
  return definitions.flatMap((definition) => {
    if (typeof definition === "string") return [definition];
    if (typeof definition === "function") {
      return definition.isThemeGetter ? literalOnly(definition(theme), theme) : [];
    }
    return [
      Object.fromEntries(
        Object.entries(definition).map(([part, inner]) => [part, literalOnly(inner, theme)]),
      ),
    ];
  });
}

/** tailwind-merge's full config, and per group a merge that knows only that group. */
function groupTesters() {
  const config = getDefaultConfig();
  const empty = { ...config, classGroups: {}, conflictingClassGroups: {} };
  const only = (group, definitions) =>
    createTailwindMerge(() => ({ ...empty, classGroups: { [group]: definitions } }));
  return {
    config,
    testers: Object.entries(config.classGroups).map(([group, definitions]) => ({
      group,
      merge: only(group, definitions),
      literal: only(group, literalOnly(definitions, config.theme)),
    })),
  };
}

/**
 * The group the full config puts a class in: tailwind-merge prefers a literal name (`text-balance`
 * is text wrapping) to a validator that also accepts it (any `text-*` could be a colour), and
 * otherwise takes the first group that accepts it.
 */
function groupOf(testers, base) {
  const same = (merge) => merge(`${base} ${base}`) === base;
  return (testers.find(({ literal }) => same(literal)) ?? testers.find(({ merge }) => same(merge)))
    ?.group;
}

/**
 * Class names as tailwind-merge's class definitions, nested by their dash-separated parts:
 * `["h-9", "h-auto", "flex", "bg-stone-200", "bg-stone-900"]` →
 * `["flex", { h: ["9", "auto"], bg: [{ stone: ["200", "900"] }] }]` (tailwind-merge splits a class
 * at its dashes the same way when it looks one up; a bracketed value stays whole).
 */
function byParts(names) {
  const plain = [];
  const parts = new Map();
  for (const name of names.sort()) {
    const dash = name.startsWith("[") ? -1 : name.indexOf("-");
    if (dash < 0) {
      plain.push(name);
      continue;
    }
    const first = name.slice(0, dash);
    parts.set(first, [...(parts.get(first) ?? []), name.slice(dash + 1)]);
  }
  const nested = {};
  for (const [first, rests] of parts) {
    if (plain.includes(first)) {
      plain.splice(plain.indexOf(first), 1);
      rests.unshift("");
    }
    nested[first] = rests.length > 1 ? byParts(rests) : rests;
  }
  return Object.keys(nested).length > 0 ? [...plain, nested] : plain;
}

/** What the reduced config needs, worked out from the source with the full config. */
export function reducedConfig(tokens = sourceTokens()) {
  const { config, testers } = groupTesters();
  const full = createTailwindMerge(() => config);
  const byVariants = new Map();
  const groups = new Map();
  for (const token of tokens) {
    const { variants, base } = splitVariants(token);
    const group = base === "" ? undefined : groupOf(testers, base);
    if (!group) continue;
    groups.set(token, { group, base });
    byVariants.set(variants, [...(byVariants.get(variants) ?? []), token]);
  }
  // Groups in which two of the app's classes (under the same variants) override each other.
  const overriding = new Set();
  for (const same of byVariants.values()) {
    for (const a of same) {
      for (const b of same) {
        if (a !== b && full(`${a} ${b}`) !== `${a} ${b}`) {
          overriding.add(groups.get(a).group);
          overriding.add(groups.get(b).group);
        }
      }
    }
  }
  const classes = new Map();
  for (const { group, base } of groups.values()) {
    if (!overriding.has(group)) continue;
    // `bg-stone-950/50` is `bg-stone-950` with an opacity: keep the part tailwind-merge looks up.
    const slash = base.indexOf("/");
    const lookup =
      slash > 0 && groupOf(testers, base.slice(0, slash)) === group ? base.slice(0, slash) : base;
    classes.set(group, new Set([...(classes.get(group) ?? []), lookup]));
  }
  const classGroups = Object.fromEntries(
    [...classes].map(([group, names]) => [group, byParts([...names])]),
  );
  const restrict = (map) =>
    Object.fromEntries(
      Object.entries(map)
        .filter(([group]) => overriding.has(group))
        .map(([group, others]) => [group, others.filter((other) => overriding.has(other))])
        .filter(([, others]) => others.length > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return {
    classGroups: Object.fromEntries(
      Object.entries(classGroups).sort(([a], [b]) => a.localeCompare(b)),
    ),
    conflictingClassGroups: restrict(config.conflictingClassGroups),
    conflictingClassGroupModifiers: restrict(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: config.postfixLookupClassGroups.filter((g) => overriding.has(g)),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
    /** The app's classes tailwind-merge's full config recognises, for the test's pairs. */
    recognised: [...groups.keys()],
  };
}

/** The text of apps/web/src/lib/class-groups.ts. */
export function classGroupsSource(config = reducedConfig()) {
  const { recognised: _recognised, ...data } = config;
  // One line a group: a data file to review by the diff, not to read whole.
  const lines = Object.entries(data).map(([key, value]) => {
    if (Array.isArray(value) || Object.keys(value).length === 0) {
      return `  ${key}: ${JSON.stringify(value)},`;
    }
    const entries = Object.entries(value).map(
      ([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)},`,
    );
    return `  ${key}: {\n${entries.join("\n")}\n  },`;
  });
  const json = `{\n${lines.join("\n")}\n}`;
  return `// Generated by \`node scripts/class-groups.mjs\` from the classes in apps/web/src: do not edit.
// (${relative(ROOT, import.meta.filename)} explains it; test/class-groups.test.ts checks it.)
import type { Config } from "tailwind-merge";

export const CLASS_MERGE_CONFIG: Omit<Config<string, string>, "cacheSize" | "theme"> = ${json};
`;
}
