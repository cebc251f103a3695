/**
 * The generation details an image's analysis read from its file (aiAnalysis.generation: the
 * server's GenerationMetadata), as labelled lines for Pro members. Only what the file carried
 * appears; nothing is invented, and values of the wrong type are skipped.
 */
export interface GenerationField {
  key: string;
  label: string;
  value: string;
}

export interface GenerationDetails {
  prompt: string | null;
  negativePrompt: string | null;
  /** The short settings (model, sampler, steps, CFG, seed, size, software, source). */
  settings: GenerationField[];
}

const SOURCES: Record<string, string> = {
  a1111: "Automatic1111 / Forge parameters",
  comfyui: "ComfyUI workflow",
  invokeai: "InvokeAI metadata",
  novelai: "NovelAI metadata",
  exif: "EXIF description",
  xmp: "XMP description",
};

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function number(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Reads the details; null when the file carried none worth showing. */
export function generationDetailsOf(
  generation: Record<string, unknown> | undefined,
): GenerationDetails | null {
  if (!generation || typeof generation !== "object") return null;
  const g = generation;
  const settings: GenerationField[] = [];
  const add = (key: string, label: string, value: string | null) => {
    if (value !== null) settings.push({ key, label, value });
  };

  add("model", "Model", text(g.model));
  const sampler = text(g.sampler);
  const scheduler = text(g.scheduler);
  add(
    "sampler",
    "Sampler",
    sampler && scheduler && !sampler.toLowerCase().includes(scheduler.toLowerCase())
      ? `${sampler} (${scheduler})`
      : (sampler ?? scheduler),
  );
  const steps = number(g.steps);
  add("steps", "Steps", steps === null ? null : String(steps));
  const cfg = number(g.cfgScale) ?? number(g.cfg);
  add("cfg", "CFG", cfg === null ? null : String(cfg));
  const seed = number(g.seed);
  add("seed", "Seed", seed === null ? null : String(seed));
  const width = number(g.width);
  const height = number(g.height);
  add("size", "Size", width !== null && height !== null ? `${width} × ${height}` : null);
  add("software", "Software", text(g.software));
  const source = text(g.source);
  add("source", "Read from", source ? (SOURCES[source] ?? source) : null);

  const prompt = text(g.prompt);
  const negativePrompt = text(g.negativePrompt);
  const hasSettings = settings.some((field) => field.key !== "source" && field.key !== "software");
  if (!prompt && !negativePrompt && !hasSettings) return null;
  return { prompt, negativePrompt, settings };
}
