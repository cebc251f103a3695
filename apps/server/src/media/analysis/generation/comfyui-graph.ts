import {
  asFiniteNumber,
  asObject,
  asText,
  type JsonObject,
  type JsonValue,
  ownField,
} from "./bounded-json.js";
import type { GenerationSettings } from "./generation-settings.js";
import { modelNameFromFile } from "./generation-settings.js";
import { MAX_GRAPH_HOPS, MAX_GRAPH_NODES } from "./limits.js";

/** One ComfyUI node as the API graph has it: literal inputs, and links as [nodeId, slot]. */
interface ComfyNode {
  id: string;
  classType: string;
  inputs: JsonObject;
}

type ComfyGraph = Map<string, ComfyNode>;

/**
 * Settings from ComfyUI's `prompt` chunk, the API graph ({ "<id>": { class_type, inputs } }):
 * the first sampler whose positive conditioning leads to text gives prompt, negative prompt and
 * settings; its model input leads back through LoRA loaders to the checkpoint.
 */
export function settingsFromComfyPrompt(
  json: JsonValue | undefined,
): GenerationSettings | undefined {
  const graph = graphFromApiPrompt(json);
  return graph === undefined ? undefined : settingsFromGraph(graph);
}

/**
 * Settings from ComfyUI's `workflow` chunk (the editor's graph: nodes[] with `type`, linked
 * `inputs` and positional `widgets_values`), for files saved without `prompt`. The workflow is
 * rewritten as an API graph, naming widget values for the core nodes that matter.
 */
export function settingsFromComfyWorkflow(
  json: JsonValue | undefined,
): GenerationSettings | undefined {
  const graph = graphFromWorkflow(json);
  return graph === undefined || graph.size === 0 ? undefined : settingsFromGraph(graph);
}

function graphFromApiPrompt(json: JsonValue | undefined): ComfyGraph | undefined {
  const object = asObject(json);
  if (object === undefined) return undefined;
  const graph: ComfyGraph = new Map();
  for (const id of Object.keys(object).slice(0, MAX_GRAPH_NODES)) {
    const node = asObject(object[id]);
    const classType = asText(ownField(node, "class_type"));
    if (classType === undefined) continue;
    graph.set(id, { id, classType, inputs: asObject(ownField(node, "inputs")) ?? {} });
  }
  return graph;
}

/** Positional widget names of the core nodes whose values matter here (ComfyUI's nodes.py). */
const WIDGET_NAMES: Record<string, readonly string[]> = {
  CLIPTextEncode: ["text"],
  CLIPTextEncodeSDXL: [
    "width",
    "height",
    "crop_w",
    "crop_h",
    "target_width",
    "target_height",
    "text_g",
    "text_l",
  ],
  CLIPTextEncodeFlux: ["clip_l", "t5xxl", "guidance"],
  CheckpointLoaderSimple: ["ckpt_name"],
  UNETLoader: ["unet_name", "weight_dtype"],
  KSampler: [
    "seed",
    "control_after_generate",
    "steps",
    "cfg",
    "sampler_name",
    "scheduler",
    "denoise",
  ],
  KSamplerAdvanced: [
    "add_noise",
    "noise_seed",
    "control_after_generate",
    "steps",
    "cfg",
    "sampler_name",
    "scheduler",
    "start_at_step",
    "end_at_step",
    "return_with_leftover_noise",
  ],
  EmptyLatentImage: ["width", "height", "batch_size"],
  EmptySD3LatentImage: ["width", "height", "batch_size"],
  RandomNoise: ["noise_seed", "control_after_generate"],
  KSamplerSelect: ["sampler_name"],
  BasicScheduler: ["scheduler", "steps", "denoise"],
  CFGGuider: ["cfg"],
  PrimitiveNode: ["value"],
};

function graphFromWorkflow(json: JsonValue | undefined): ComfyGraph | undefined {
  const workflow = asObject(json);
  const nodes = ownField(workflow, "nodes");
  if (!Array.isArray(nodes)) return undefined;
  const linkOrigins = linkOriginsOf(ownField(workflow, "links"));
  const graph: ComfyGraph = new Map();
  for (const value of nodes.slice(0, MAX_GRAPH_NODES)) {
    const node = asObject(value);
    const id = ownField(node, "id");
    const classType = asText(ownField(node, "type"));
    if (classType === undefined || (typeof id !== "number" && typeof id !== "string")) continue;
    const inputs = widgetInputs(classType, ownField(node, "widgets_values"));
    addLinkedInputs(inputs, ownField(node, "inputs"), linkOrigins);
    graph.set(String(id), { id: String(id), classType, inputs });
  }
  return graph;
}

/** Workflow links, as arrays [id, origin, slot, target, slot, type] or objects, by link id. */
function linkOriginsOf(links: JsonValue | undefined): Map<string, [string, number]> {
  const origins = new Map<string, [string, number]>();
  if (!Array.isArray(links)) return origins;
  for (const link of links.slice(0, MAX_GRAPH_NODES * 4)) {
    const object = asObject(link);
    const [id, origin, slot] = Array.isArray(link)
      ? [link[0], link[1], link[2]]
      : [ownField(object, "id"), ownField(object, "origin_id"), ownField(object, "origin_slot")];
    if (
      (typeof id === "number" || typeof id === "string") &&
      (typeof origin === "number" || typeof origin === "string")
    ) {
      origins.set(String(id), [String(origin), typeof slot === "number" ? slot : 0]);
    }
  }
  return origins;
}

function widgetInputs(classType: string, widgetsValues: JsonValue | undefined): JsonObject {
  const inputs: JsonObject = {};
  const object = asObject(widgetsValues);
  if (object !== undefined) {
    for (const key of Object.keys(object)) setInput(inputs, key, object[key] ?? null);
    return inputs;
  }
  if (!Array.isArray(widgetsValues)) return inputs;
  const names = Object.hasOwn(WIDGET_NAMES, classType) ? WIDGET_NAMES[classType] : undefined;
  if (names !== undefined) {
    names.forEach((name, index) => {
      const value = widgetsValues[index];
      if (value !== undefined) setInput(inputs, name, value);
    });
  } else if (/text|prompt|string/i.test(classType) && typeof widgetsValues[0] === "string") {
    // Custom text nodes ("Text Multiline", "ShowText|pysssss", …) keep their text first.
    setInput(inputs, "text", widgetsValues[0]);
  }
  return inputs;
}

function addLinkedInputs(
  inputs: JsonObject,
  declared: JsonValue | undefined,
  linkOrigins: Map<string, [string, number]>,
): void {
  if (!Array.isArray(declared)) return;
  for (const value of declared) {
    const input = asObject(value);
    const link = ownField(input, "link");
    const origin =
      typeof link === "number" || typeof link === "string"
        ? linkOrigins.get(String(link))
        : undefined;
    const name = asText(ownField(input, "name")) ?? "input"; // a Reroute's input has no name
    // A widget converted to an input keeps its value in widgets_values: that value wins.
    if (origin !== undefined && !Object.hasOwn(inputs, name)) setInput(inputs, name, origin);
  }
}

/** Assignment that cannot reach a prototype, whatever the input is called. */
function setInput(inputs: JsonObject, name: string, value: JsonValue): void {
  Object.defineProperty(inputs, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const SAMPLER_CLASSES = new Set([
  "KSampler",
  "KSamplerAdvanced",
  "SamplerCustom",
  "SamplerCustomAdvanced",
  "KSampler (Efficient)",
  "KSampler Adv. (Efficient)",
  "KSampler SDXL (Eff.)",
]);

function settingsFromGraph(graph: ComfyGraph): GenerationSettings | undefined {
  const samplers = [...graph.values()]
    .filter(isSamplerNode)
    .sort(byNodeId)
    .slice(0, MAX_SAMPLERS_TRIED);
  const candidates = samplers.map((sampler) => settingsFromSampler(graph, sampler));
  const best = candidates.find((settings) => settings.prompt !== undefined) ?? candidates[0];
  const fallbackModel = checkpointAnywhere(graph);
  const fallbackSize = latentSizeAnywhere(graph);
  return {
    ...fallbackSize,
    ...withoutUndefined(best ?? {}),
    model: best?.model ?? fallbackModel,
    software: "ComfyUI",
  };
}

function isSamplerNode(node: ComfyNode): boolean {
  if (SAMPLER_CLASSES.has(node.classType)) return true;
  return isLink(ownField(node.inputs, "positive")) && isLink(ownField(node.inputs, "latent_image"));
}

function byNodeId(a: ComfyNode, b: ComfyNode): number {
  const difference = Number.parseFloat(a.id) - Number.parseFloat(b.id);
  return Number.isNaN(difference) ? a.id.localeCompare(b.id) : difference;
}

function settingsFromSampler(graph: ComfyGraph, sampler: ComfyNode): GenerationSettings {
  const guider = linkedNode(graph, ownField(sampler.inputs, "guider"));
  const positive =
    ownField(sampler.inputs, "positive") ??
    ownField(guider?.inputs, "positive") ??
    ownField(guider?.inputs, "conditioning");
  const negative = ownField(sampler.inputs, "negative") ?? ownField(guider?.inputs, "negative");
  const latent = linkedNode(graph, ownField(sampler.inputs, "latent_image"));
  const modelLink =
    ownField(sampler.inputs, "model") ??
    ownField(guider?.inputs, "model") ??
    ownField(linkedNode(graph, ownField(sampler.inputs, "sigmas"))?.inputs, "model");
  const seed = scalarSetting(graph, sampler, ["seed", "noise_seed"], "noise");
  const sampleName = scalarSetting(graph, sampler, ["sampler_name"], "sampler");
  const scheduler = scalarSetting(graph, sampler, ["scheduler"], "sigmas");
  return {
    prompt: conditioningText(graph, positive, "positive"),
    negativePrompt: conditioningText(graph, negative, "negative"),
    model: checkpointOf(graph, modelLink),
    seed: asFiniteNumber(seed),
    steps: asFiniteNumber(scalarSetting(graph, sampler, ["steps"], "sigmas")),
    cfgScale: asFiniteNumber(scalarSetting(graph, sampler, ["cfg"], "guider")),
    sampler: asText(sampleName),
    scheduler: asText(scheduler),
    width: asFiniteNumber(ownField(latent?.inputs, "width")),
    height: asFiniteNumber(ownField(latent?.inputs, "height")),
  };
}

function isLink(value: JsonValue | undefined): value is [string | number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (typeof value[0] === "string" || typeof value[0] === "number") &&
    typeof value[1] === "number"
  );
}

function linkedNode(graph: ComfyGraph, value: JsonValue | undefined): ComfyNode | undefined {
  return isLink(value) ? graph.get(String(value[0])) : undefined;
}

/**
 * A setting read from the sampler's own input, from the node that input links to (a seed or
 * primitive node), or from the node behind `via` (SamplerCustomAdvanced keeps its seed on the
 * RandomNoise node, steps on the scheduler, cfg on the guider).
 */
function scalarSetting(
  graph: ComfyGraph,
  sampler: ComfyNode,
  names: readonly string[],
  via: string,
): JsonValue | undefined {
  const own = firstInput(sampler, names);
  if (own !== undefined) return literalValue(graph, own, names, 0);
  const helper = linkedNode(graph, ownField(sampler.inputs, via));
  const helperValue = helper === undefined ? undefined : firstInput(helper, names);
  return helperValue === undefined ? undefined : literalValue(graph, helperValue, names, 0);
}

const VALUE_INPUTS = ["value", "seed", "noise_seed", "int", "number", "float", "string", "text"];

function literalValue(
  graph: ComfyGraph,
  value: JsonValue,
  names: readonly string[],
  hops: number,
): JsonValue | undefined {
  if (!isLink(value)) return value;
  const node = linkedNode(graph, value);
  if (node === undefined || hops >= MAX_GRAPH_HOPS) return undefined;
  const next = firstInput(node, [...names, ...VALUE_INPUTS]);
  return next === undefined ? undefined : literalValue(graph, next, names, hops + 1);
}

function firstInput(node: ComfyNode, names: readonly string[]): JsonValue | undefined {
  for (const name of names) {
    const value = ownField(node.inputs, name);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/**
 * Nodes one text search may still visit: pass-through nodes can fan out (combine → combine → …),
 * so depth alone would not bound the work.
 */
interface VisitBudget {
  visitsLeft: number;
}

const MAX_TEXT_WALK_VISITS = 256;
const MAX_SAMPLERS_TRIED = 32;

/** Text inputs of prompt nodes, the main one first (Flux: t5xxl; SDXL: text_g). */
const TEXT_INPUTS = ["text", "t5xxl", "text_g", "prompt", "string", "value", "clip_l", "text_l"];

/**
 * The prompt text a conditioning link leads to: the text of a CLIPTextEncode-like node, followed
 * through string nodes, and through conditioning pass-throughs (ControlNet, area, combine) whose
 * texts are joined. ConditioningZeroOut, the Flux/SD3 "no negative", has no text.
 */
function conditioningText(
  graph: ComfyGraph,
  link: JsonValue | undefined,
  polarity: "positive" | "negative",
  hops = 0,
  budget: VisitBudget = { visitsLeft: MAX_TEXT_WALK_VISITS },
): string | undefined {
  const node = linkedNode(graph, link);
  if (node === undefined || hops >= MAX_GRAPH_HOPS || budget.visitsLeft <= 0) return undefined;
  if (node.classType === "ConditioningZeroOut") return undefined;
  budget.visitsLeft--;
  const polarized = ownField(node.inputs, polarity);
  if (typeof polarized === "string") return asText(polarized); // Efficient Loader keeps prompts
  for (const name of TEXT_INPUTS) {
    const value = ownField(node.inputs, name);
    if (typeof value === "string") return asText(value);
    if (isLink(value)) {
      const text = conditioningText(graph, value, polarity, hops + 1, budget);
      if (text !== undefined) return text;
    }
  }
  if (isLink(polarized)) return conditioningText(graph, polarized, polarity, hops + 1, budget);
  const texts = Object.keys(node.inputs)
    .filter((name) => /^(conditioning|cond|input)/.test(name))
    .map((name) => conditioningText(graph, node.inputs[name], polarity, hops + 1, budget))
    .filter((text): text is string => text !== undefined);
  return texts.length === 0 ? undefined : [...new Set(texts)].join("\n");
}

const CHECKPOINT_INPUTS = ["ckpt_name", "unet_name", "base_ckpt_name", "model_name", "gguf_name"];

/** The checkpoint behind a model link, through LoRA loaders and model patches. */
function checkpointOf(
  graph: ComfyGraph,
  link: JsonValue | undefined,
  hops = 0,
): string | undefined {
  const node = linkedNode(graph, link);
  if (node === undefined || hops >= MAX_GRAPH_HOPS) return undefined;
  const name = firstInput(node, CHECKPOINT_INPUTS);
  if (typeof name === "string" && name.trim() !== "") return modelNameFromFile(name.trim());
  return checkpointOf(graph, ownField(node.inputs, "model"), hops + 1);
}

function checkpointAnywhere(graph: ComfyGraph): string | undefined {
  for (const node of graph.values()) {
    if (!/Loader/i.test(node.classType)) continue;
    const name = firstInput(node, CHECKPOINT_INPUTS);
    if (typeof name === "string" && name.trim() !== "") return modelNameFromFile(name.trim());
  }
  return undefined;
}

function latentSizeAnywhere(graph: ComfyGraph): { width?: number; height?: number } {
  for (const node of graph.values()) {
    if (!/^Empty.*Latent/.test(node.classType)) continue;
    const width = asFiniteNumber(ownField(node.inputs, "width"));
    const height = asFiniteNumber(ownField(node.inputs, "height"));
    if (width !== undefined && height !== undefined) return { width, height };
  }
  return {};
}

function withoutUndefined(settings: GenerationSettings): GenerationSettings {
  return Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  ) as GenerationSettings;
}
