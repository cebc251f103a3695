import { asFiniteNumber } from "./bounded-json.js";
import type { GenerationSettings } from "./generation-settings.js";
import { parseSize } from "./generation-settings.js";

/**
 * A1111/Forge "parameters" text split into its parts: the prompt lines, the lines after
 * "Negative prompt:", and the "Key: value, …" settings line (plus any "Key: value" lines after
 * it, which extensions such as Dynamic Prompts append).
 */
export interface A1111Parameters {
  prompt: string;
  negativePrompt: string;
  settings: Map<string, string>;
}

/** Whether a text reads as A1111 parameters: some line starts with "Steps: <number>". */
export function looksLikeA1111Parameters(text: string): boolean {
  return /(?:^|\n)[ \t]*Steps: *\d/.test(text);
}

/**
 * Parses A1111 "parameters" the way A1111 itself does (modules/infotext_utils.py), with one
 * difference: the settings line is the last line starting with "Steps:" rather than the very
 * last line, so appended extension lines do not swallow it.
 */
export function parseA1111Parameters(text: string): A1111Parameters {
  const lines = text.replace(/\r\n?/g, "\n").trim().split("\n");
  let settingsAt = findLastIndex(lines, (line) => /^\s*Steps: *\d/.test(line));
  if (settingsAt === -1 && parseSettingsLine(lines.at(-1) ?? "").size >= 3) {
    settingsAt = lines.length - 1;
  }
  const promptLines = settingsAt === -1 ? lines : lines.slice(0, settingsAt);
  const settings = new Map<string, string>();
  if (settingsAt !== -1) {
    for (const line of lines.slice(settingsAt)) {
      for (const [key, value] of parseSettingsLine(line)) {
        if (!settings.has(key)) settings.set(key, value);
      }
    }
  }
  return { ...splitPromptLines(promptLines), settings };
}

/** The settings A1111 parameters name, mapped to the common shape. */
export function settingsFromA1111(parameters: A1111Parameters): GenerationSettings {
  const get = (key: string) => parameters.settings.get(key);
  const scheduler = get("Schedule type");
  return {
    prompt: parameters.prompt,
    negativePrompt: parameters.negativePrompt,
    model: get("Model"),
    seed: asFiniteNumber(get("Seed")),
    steps: asFiniteNumber(get("Steps")),
    sampler: get("Sampler"),
    scheduler: scheduler === "Automatic" ? undefined : scheduler,
    cfgScale: asFiniteNumber(get("CFG scale")),
    ...parseSize(get("Size")),
    software: softwareFromVersion(get("Version")),
  };
}

/** Forge reports versions like "f2.0.1v1.10.1-previous-…", A1111 "v1.10.1". */
function softwareFromVersion(version: string | undefined): string | undefined {
  if (version === undefined) return undefined;
  return /^f\d/.test(version) ? `Forge ${version}` : `A1111 ${version}`;
}

function splitPromptLines(lines: string[]): { prompt: string; negativePrompt: string } {
  const prompt: string[] = [];
  const negative: string[] = [];
  let inNegative = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (!inNegative && trimmed.startsWith(NEGATIVE_PREFIX)) {
      inNegative = true;
      negative.push(trimmed.slice(NEGATIVE_PREFIX.length).trim());
    } else {
      (inNegative ? negative : prompt).push(trimmed);
    }
  }
  return { prompt: prompt.join("\n").trim(), negativePrompt: negative.join("\n").trim() };
}

const NEGATIVE_PREFIX = "Negative prompt:";

/**
 * "Steps: 20, Sampler: DPM++ 2M Karras, Lora hashes: \"a: 1, b: 2\", …" as key → value. Quoted
 * values may hold commas and colons and are JSON-unquoted. A hand-written scanner: a regex in
 * A1111's style backtracks quadratically on long lines without colons.
 */
export function parseSettingsLine(line: string): Map<string, string> {
  const settings = new Map<string, string>();
  let at = 0;
  while (at < line.length) {
    const colon = line.indexOf(":", at);
    const comma = line.indexOf(",", at);
    if (colon === -1) break;
    if (comma !== -1 && comma < colon) {
      // Pieces without a key before this colon are skipped in one step, keeping the scan linear.
      at = line.lastIndexOf(",", colon) + 1;
      continue;
    }
    const key = line.slice(at, colon).trim();
    let valueStart = colon + 1;
    while (line[valueStart] === " ") valueStart++;
    const { value, next } =
      line[valueStart] === '"'
        ? readQuotedValue(line, valueStart)
        : readPlainValue(line, valueStart);
    if (SETTING_KEY.test(key) && !settings.has(key)) settings.set(key, value);
    at = next;
  }
  return settings;
}

const SETTING_KEY = /^\w[\w \-/]*$/;

function readPlainValue(line: string, start: number): { value: string; next: number } {
  const comma = line.indexOf(",", start);
  const end = comma === -1 ? line.length : comma;
  return { value: line.slice(start, end).trim(), next: end + 1 };
}

function readQuotedValue(line: string, start: number): { value: string; next: number } {
  let end = start + 1;
  while (end < line.length && line[end] !== '"') end += line[end] === "\\" ? 2 : 1;
  const quoted = line.slice(start, end + 1);
  const comma = line.indexOf(",", end + 1);
  return { value: unquote(quoted), next: comma === -1 ? line.length : comma + 1 };
}

function unquote(quoted: string): string {
  try {
    const value: unknown = JSON.parse(quoted);
    if (typeof value === "string") return value;
  } catch {
    // fall through: an unterminated or invalid quote keeps its inner text
  }
  return quoted.replace(/^"/, "").replace(/"$/, "");
}

function findLastIndex(lines: string[], test: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (test(lines[i] ?? "")) return i;
  }
  return -1;
}
