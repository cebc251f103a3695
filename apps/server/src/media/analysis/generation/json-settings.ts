import {
  aliasLookup,
  asFiniteNumber,
  asText,
  type JsonObject,
  type JsonValue,
} from "./bounded-json.js";
import type { GenerationSettings } from "./generation-settings.js";
import { modelNameFromFile, parseSize } from "./generation-settings.js";

/**
 * Settings from a flat JSON object whose keys name them in one of several common spellings:
 * Fooocus and SwarmUI write such JSON into the PNG "parameters" field, Draw Things into EXIF
 * UserComment, InvokeAI and NovelAI into their own fields. Keys match case-insensitively.
 */
export function settingsFromFlatJson(object: JsonObject): GenerationSettings {
  const field = aliasLookup(object);
  const text = (aliases: readonly string[]) => textOf(field(aliases));
  const number = (aliases: readonly string[]) => asFiniteNumber(field(aliases));
  const size = parseSize(text(["size", "resolution"]));
  const model = text(["model", "base model", "base_model", "model_name", "sd_model_name"]);
  return {
    prompt: text(["prompt", "positive_prompt", "positive prompt", "full prompt", "c"]),
    negativePrompt: text([
      "negative_prompt",
      "negative prompt",
      "negativeprompt",
      "full negative prompt",
      "uc",
    ]),
    model: model === undefined ? undefined : modelNameFromFile(model),
    seed: number(["seed", "noise_seed"]),
    steps: number(["steps", "num_inference_steps"]),
    sampler: text(["sampler", "sampler_name"]),
    scheduler: text(["scheduler", "schedule type"]),
    cfgScale: number([
      "cfg_scale",
      "cfgscale",
      "cfg scale",
      "guidance scale",
      "guidance_scale",
      "cfg",
      "scale",
    ]),
    width: number(["width"]) ?? size.width,
    height: number(["height"]) ?? size.height,
  };
}

function textOf(value: JsonValue | undefined): string | undefined {
  return typeof value === "number" ? String(value) : asText(value);
}
