import {
  asFiniteNumber,
  asObject,
  asText,
  type JsonValue,
  ownField,
  parseBoundedJson,
} from "./bounded-json.js";
import type { GenerationSettings } from "./generation-settings.js";
import { modelNameFromFile } from "./generation-settings.js";
import { settingsFromFlatJson } from "./json-settings.js";

/**
 * Settings from InvokeAI 3+ `invokeai_metadata` JSON: positive_prompt, negative_prompt, seed,
 * steps, cfg_scale, scheduler, width, height, and model as { name } (v4+), { model_name } (v3) or
 * a plain string.
 */
export function settingsFromInvokeMetadata(text: string): GenerationSettings | undefined {
  const metadata = asObject(parseBoundedJson(text));
  if (metadata === undefined) return undefined;
  const modelField = ownField(metadata, "model");
  const modelObject = asObject(modelField);
  const model =
    asText(ownField(modelObject, "name")) ??
    asText(ownField(modelObject, "model_name")) ??
    asText(modelField);
  const version = asText(ownField(metadata, "app_version"));
  return {
    ...settingsFromFlatJson(metadata),
    sampler: asText(ownField(metadata, "scheduler")),
    scheduler: undefined,
    model: model === undefined ? undefined : modelNameFromFile(model),
    software: version === undefined ? "InvokeAI" : `InvokeAI ${version}`,
  };
}

/**
 * Settings from InvokeAI 2 `sd-metadata` JSON: { model_weights, app_version, image: { prompt,
 * steps, cfg_scale, seed, sampler, width, height } }. The prompt is a string or a list of weighted
 * prompts, and its [bracketed] parts are the negative prompt, in InvokeAI 2's own syntax.
 */
export function settingsFromSdMetadata(text: string): GenerationSettings | undefined {
  const metadata = asObject(parseBoundedJson(text));
  if (metadata === undefined) return undefined;
  const image = asObject(ownField(metadata, "image")) ?? {};
  const fullPrompt = invoke2Prompt(ownField(image, "prompt"));
  const version = asText(ownField(metadata, "app_version"));
  return {
    ...settingsFromFlatJson(image),
    ...(fullPrompt === undefined ? {} : splitBracketedNegative(fullPrompt)),
    model: asText(ownField(metadata, "model_weights")) ?? asText(ownField(metadata, "model")),
    software: version === undefined ? "InvokeAI" : `InvokeAI ${version}`,
  };
}

/**
 * Settings from InvokeAI 1's `Dream` text: a quoted prompt then command-line switches, as in
 * `"a cat [ugly]" -s 50 -S 42 -W 512 -H 512 -C 7.5 -A k_lms`.
 */
export function settingsFromDreamCommand(text: string): GenerationSettings | undefined {
  const match = /^\s*"((?:[^"\\]|\\.)*)"(.*)$/s.exec(text);
  if (match === null) return undefined;
  const switches = new Map<string, string>();
  for (const [, name, value] of (match[2] ?? "").matchAll(
    /(?:^|\s)-([sSWHCAm])\s*([^\s-][^\s]*)/g,
  )) {
    if (name !== undefined && value !== undefined && !switches.has(name)) switches.set(name, value);
  }
  return {
    ...splitBracketedNegative((match[1] ?? "").replace(/\\(.)/g, "$1")),
    steps: asFiniteNumber(switches.get("s")),
    seed: asFiniteNumber(switches.get("S")),
    width: asFiniteNumber(switches.get("W")),
    height: asFiniteNumber(switches.get("H")),
    cfgScale: asFiniteNumber(switches.get("C")),
    sampler: switches.get("A"),
    model: switches.get("m"),
    software: "InvokeAI",
  };
}

function invoke2Prompt(value: JsonValue | undefined): string | undefined {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return undefined;
  const parts = value.map((item) => asText(ownField(asObject(item), "prompt"))).filter(Boolean);
  return parts.length === 0 ? undefined : parts.join(", ");
}

/** "a cat [ugly, blurry] on a mat" → prompt "a cat on a mat", negative "ugly, blurry". */
function splitBracketedNegative(prompt: string): { prompt?: string; negativePrompt?: string } {
  const negatives: string[] = [];
  const positive = prompt.replace(/\[([^\][]*)\]/g, (_whole, inner: string) => {
    negatives.push(inner.trim());
    return " ";
  });
  return {
    prompt: asText(positive.replace(/\s{2,}/g, " ")),
    negativePrompt: asText(negatives.filter(Boolean).join(", ")),
  };
}
