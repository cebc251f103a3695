import { describe, expect, it } from "vitest";
import { generationDetailsOf } from "./generation-fields";

describe("generationDetailsOf", () => {
  it("reads the analyser's keys into labelled settings", () => {
    const details = generationDetailsOf({
      source: "a1111",
      prompt: "  a lighthouse at dusk, oil painting ",
      negativePrompt: "blurry",
      model: "sdxl_base",
      sampler: "DPM++ 2M",
      scheduler: "Karras",
      steps: 30,
      cfgScale: 7,
      seed: 1234567890,
      width: 1024,
      height: 1536,
      c2pa: false,
    });
    expect(details?.prompt).toBe("a lighthouse at dusk, oil painting");
    expect(details?.negativePrompt).toBe("blurry");
    expect(details?.settings.map((f) => [f.label, f.value])).toEqual([
      ["Model", "sdxl_base"],
      ["Sampler", "DPM++ 2M (Karras)"],
      ["Steps", "30"],
      ["CFG", "7"],
      ["Seed", "1234567890"],
      ["Size", "1024 × 1536"],
      ["Read from", "Automatic1111 / Forge parameters"],
    ]);
  });

  it("does not repeat a scheduler the sampler already names", () => {
    const details = generationDetailsOf({ sampler: "DPM++ 2M Karras", scheduler: "karras" });
    expect(details?.settings).toEqual([
      { key: "sampler", label: "Sampler", value: "DPM++ 2M Karras" },
    ]);
  });

  it("skips values of the wrong type and answers null when nothing is left", () => {
    expect(generationDetailsOf(undefined)).toBeNull();
    expect(generationDetailsOf({ source: null, c2pa: false })).toBeNull();
    expect(generationDetailsOf({ source: "exif", software: "Photoshop" })).toBeNull();
    expect(generationDetailsOf({ steps: "30", seed: Number.NaN, prompt: 42 })).toBeNull();
  });
});
