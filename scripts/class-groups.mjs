#!/usr/bin/env node
/** Writes apps/web/src/lib/class-groups.ts from the web app's classes (see lib/class-groups.mjs). */
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { classGroupsSource, OUTPUT, ROOT } from "./lib/class-groups.mjs";

writeFileSync(OUTPUT, classGroupsSource());
console.log(`wrote ${relative(ROOT, OUTPUT)}`);
