/**
 * The generation settings one reader (A1111, ComfyUI, …) extracted, before they are cleaned and
 * merged into the public GenerationMetadata. Every field is optional: files carry what they carry.
 */
export interface GenerationSettings {
  prompt?: string;
  negativePrompt?: string;
  model?: string;
  seed?: number;
  steps?: number;
  sampler?: string;
  scheduler?: string;
  cfgScale?: number;
  width?: number;
  height?: number;
  software?: string;
}

/** Whether a reader found anything worth naming its source for. */
export function hasAnySetting(
  settings: GenerationSettings | undefined,
): settings is GenerationSettings {
  if (settings === undefined) return false;
  return (Object.keys(settings) as Array<keyof GenerationSettings>).some(
    (key) => key !== "software" && settings[key] !== undefined,
  );
}

/** "512x768" (A1111 "Size", Draw Things "size") as width and height. */
export function parseSize(size: string | undefined): { width?: number; height?: number } {
  const match =
    size === undefined ? null : /^\(?(\d{1,6}) *[x×,*] *(\d{1,6})\)?$/i.exec(size.trim());
  if (match?.[1] === undefined || match[2] === undefined) return {};
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * A model's display name from a checkpoint file name: no folders, no weights extension
 * ("SDXL/juggernautXL_v9.safetensors" → "juggernautXL_v9"), as A1111's "Model:" shows it.
 */
export function modelNameFromFile(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(safetensors|ckpt|pt|pth|bin|gguf|sft)$/i, "");
}
