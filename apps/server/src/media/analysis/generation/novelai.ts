import {
  asFiniteNumber,
  asObject,
  asText,
  type JsonObject,
  ownField,
  parseBoundedJson,
} from "./bounded-json.js";
import type { GenerationSettings } from "./generation-settings.js";

/**
 * Whether PNG text fields are NovelAI's: "Software: NovelAI", or a "Comment" JSON with NovelAI's
 * own keys (uc for the negative prompt, request_type, v4_prompt).
 */
export function isNovelAi(fields: ReadonlyMap<string, string>): boolean {
  if (fields.get("Software")?.trim().startsWith("NovelAI")) return true;
  const comment = novelAiComment(fields);
  return (
    comment !== undefined &&
    ["uc", "request_type", "v4_prompt"].some((key) => Object.hasOwn(comment, key))
  );
}

/**
 * Settings from NovelAI's fields: "Description" is the prompt, "Comment" the request JSON
 * (prompt, uc, steps, scale, seed, sampler, width, height; V4 keeps prompts under
 * v4_prompt.caption.base_caption), "Source" names the model ("NovelAI Diffusion V4.5 4BDE2A90").
 */
export function settingsFromNovelAi(fields: ReadonlyMap<string, string>): GenerationSettings {
  const comment = novelAiComment(fields) ?? {};
  const source = asText(fields.get("Source")?.slice(0, MAX_SOURCE_CHARS));
  return {
    prompt:
      asText(fields.get("Description")) ??
      asText(ownField(comment, "prompt")) ??
      v4BaseCaption(comment, "v4_prompt"),
    negativePrompt: asText(ownField(comment, "uc")) ?? v4BaseCaption(comment, "v4_negative_prompt"),
    model: source?.replace(/\s+[0-9A-F]{8}$/, ""),
    seed: asFiniteNumber(ownField(comment, "seed")),
    steps: asFiniteNumber(ownField(comment, "steps")),
    sampler: asText(ownField(comment, "sampler")),
    scheduler: asText(ownField(comment, "noise_schedule")),
    cfgScale: asFiniteNumber(ownField(comment, "scale")),
    width: asFiniteNumber(ownField(comment, "width")),
    height: asFiniteNumber(ownField(comment, "height")),
    software: "NovelAI",
  };
}

const MAX_SOURCE_CHARS = 200;

function novelAiComment(fields: ReadonlyMap<string, string>): JsonObject | undefined {
  const comment = fields.get("Comment");
  return comment === undefined ? undefined : asObject(parseBoundedJson(comment));
}

function v4BaseCaption(comment: JsonObject, key: string): string | undefined {
  const caption = asObject(ownField(asObject(ownField(comment, key)), "caption"));
  return asText(ownField(caption, "base_caption"));
}
