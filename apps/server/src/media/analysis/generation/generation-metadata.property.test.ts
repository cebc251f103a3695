import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  app1Exif,
  exifTiff,
  injectJpegSegments,
  injectPngChunks,
  iTXt,
  PNG_SIGNATURE,
  pngChunk,
  pngChunkOffsets,
  tEXt,
  userComment,
  webpWithChunks,
  zTXt,
} from "../../../../test/fixtures/generation/containers.js";
import { buildGenerationFixtures } from "../../../../test/fixtures/generation/fixtures.js";
import {
  type GenerationMetadata,
  promptKeywords,
  readGenerationMetadata,
} from "./generation-metadata.js";

/**
 * The reader meets hostile and broken uploads: whatever the bytes, it must return a plain,
 * JSON-serialisable object with a boolean `c2pa`, quickly, and never throw.
 */

const fixtures = await buildGenerationFixtures();
const pngs = fixtures.filter((fixture) => fixture.format === "png").map((fixture) => fixture.bytes);
const plainPng = pngs[pngs.length - 1] ?? Buffer.alloc(0);
const plainJpeg =
  fixtures.find((fixture) => fixture.name === "plain JPEG")?.bytes ?? Buffer.alloc(0);
const plainWebp =
  fixtures.find((fixture) => fixture.name === "plain WebP")?.bytes ?? Buffer.alloc(0);

/** Per input: real files take about a millisecond; the bound leaves room for GC pauses on a busy CI. */
const SANE_MS_PER_INPUT = 500;
const SOURCES = new Set([null, "a1111", "comfyui", "invokeai", "novelai", "exif", "xmp"]);

// ---------- mutations of valid fixtures ----------

type Mutation =
  | { kind: "flip"; at: number; bit: number }
  | { kind: "truncate"; at: number }
  | { kind: "chunk-length"; chunk: number; length: number }
  | { kind: "overwrite"; at: number; bytes: Uint8Array }
  | { kind: "insert"; at: number; bytes: Uint8Array };

const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("flip" as const),
    at: position,
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: position }),
  fc.record({
    kind: fc.constant("chunk-length" as const),
    chunk: fc.nat(40),
    length: fc.oneof(fc.constantFrom(0, 1, 0x7fffffff, 0xffffffff, 0x80000000), fc.nat()),
  }),
  fc.record({
    kind: fc.constant("overwrite" as const),
    at: position,
    bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: position,
    bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  }),
);

function mutate(original: Buffer, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(original);
  for (const change of mutations) {
    const at = "at" in change ? Math.floor(change.at * bytes.length) : 0;
    switch (change.kind) {
      case "flip":
        if (bytes.length > 0) bytes[at] = (bytes[at] ?? 0) ^ (1 << change.bit);
        break;
      case "truncate":
        bytes = bytes.subarray(0, at);
        break;
      case "chunk-length": {
        // PNG chunk lengths, or (for other formats) any 4 bytes: both lie about sizes.
        const offsets = bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? pngChunkOffsets(bytes) : [];
        const offset =
          offsets.length > 0
            ? offsets[change.chunk % offsets.length]
            : (change.chunk * 4) % Math.max(1, bytes.length - 4);
        if (offset !== undefined && offset + 4 <= bytes.length)
          bytes.writeUInt32BE(change.length >>> 0, offset);
        break;
      }
      case "overwrite":
        Buffer.from(change.bytes).copy(bytes, at);
        break;
      case "insert":
        bytes = Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(change.bytes),
          bytes.subarray(at),
        ]);
        break;
    }
  }
  return bytes;
}

const mutatedFixture = fc
  .tuple(fc.nat(fixtures.length - 1), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([index, mutations]) => mutate(fixtures[index]?.bytes ?? plainPng, mutations));

// ---------- random contents in valid containers ----------

const anyText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(
      fc.constantFrom(
        "Steps: ",
        "Negative prompt:",
        '"',
        ",",
        ":",
        "\n",
        "\\",
        "Seed: 1",
        "Size: 5x",
        "BREAK",
        "(",
        ")",
        "<lora:",
        ">",
        "[",
        "]",
        "{",
        "}",
        "x",
        " ",
        "1.2",
        "::",
        "embedding:",
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join("")),
);
const keyword = fc.oneof(
  fc.constantFrom(
    "parameters",
    "prompt",
    "workflow",
    "invokeai_metadata",
    "sd-metadata",
    "Dream",
    "Comment",
    "Description",
    "Software",
    "Source",
    "XML:com.adobe.xmp",
    "Raw profile type exif",
    "__proto__",
    "constructor",
  ),
  fc.string({ minLength: 1, maxLength: 90 }).filter((k) => !k.includes("\0")),
);
const textChunkPng = fc
  .array(
    fc.tuple(
      fc.constantFrom("tEXt", "zTXt", "iTXt-plain", "iTXt-zip", "raw"),
      keyword,
      anyText,
      fc.uint8Array({ maxLength: 200 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((chunks) =>
    injectPngChunks(
      plainPng,
      chunks.map(([type, key, text, bytes]) => {
        if (type === "tEXt") return tEXt(key, text);
        if (type === "zTXt") return zTXt(key, text);
        if (type === "iTXt-plain") return iTXt(key, text, false);
        if (type === "iTXt-zip") return iTXt(key, text, true);
        return pngChunk(
          ["tEXt", "zTXt", "iTXt", "eXIf", "caBX"][bytes.length % 5] ?? "tEXt",
          Buffer.from(bytes),
        );
      }),
    ),
  );

const nodeId = fc.constantFrom("1", "2", "3", "4", "5", "6", "constructor", "__proto__");
const comfyInput = fc.oneof(
  fc.tuple(nodeId, fc.nat(3)),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);
const comfyGraph = fc.dictionary(
  nodeId,
  fc.record({
    class_type: fc.constantFrom(
      "KSampler",
      "KSamplerAdvanced",
      "SamplerCustomAdvanced",
      "CLIPTextEncode",
      "ConditioningCombine",
      "ConditioningZeroOut",
      "CheckpointLoaderSimple",
      "LoraLoader",
      "EmptyLatentImage",
      "RandomNoise",
      "BasicGuider",
      "CFGGuider",
      "Reroute",
      "X",
    ),
    inputs: fc.dictionary(
      fc.constantFrom(
        "text",
        "positive",
        "negative",
        "conditioning",
        "conditioning_1",
        "conditioning_2",
        "input",
        "model",
        "seed",
        "noise_seed",
        "steps",
        "cfg",
        "sampler_name",
        "scheduler",
        "latent_image",
        "guider",
        "noise",
        "sigmas",
        "sampler",
        "ckpt_name",
        "width",
        "height",
        "value",
      ),
      comfyInput,
    ),
  }),
);
const workflowGraph = fc.record({
  nodes: fc.array(
    fc.record({
      id: fc.oneof(fc.nat(6), nodeId),
      type: fc.constantFrom(
        "KSampler",
        "CLIPTextEncode",
        "CheckpointLoaderSimple",
        "Reroute",
        "PrimitiveNode",
        "Text Multiline",
        "EmptyLatentImage",
      ),
      inputs: fc.array(
        fc.record({
          name: fc.constantFrom(
            "",
            "model",
            "positive",
            "negative",
            "latent_image",
            "seed",
            "text",
          ),
          link: fc.oneof(fc.nat(8), fc.constant(null)),
        }),
        { maxLength: 4 },
      ),
      widgets_values: fc.oneof(
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    }),
    { maxLength: 8 },
  ),
  links: fc.array(
    fc.oneof(
      fc.tuple(fc.nat(8), fc.nat(6), fc.nat(2), fc.nat(6), fc.nat(2), fc.string()),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    { maxLength: 10 },
  ),
});
const comfyPng = fc
  .tuple(
    fc.oneof(comfyGraph, fc.jsonValue({ maxDepth: 6 })),
    fc.oneof(workflowGraph, fc.jsonValue({ maxDepth: 6 })),
    fc.boolean(),
  )
  .map(([prompt, workflow, withPrompt]) =>
    injectPngChunks(plainPng, [
      ...(withPrompt ? [tEXt("prompt", JSON.stringify(prompt) ?? "")] : []),
      iTXt("workflow", JSON.stringify(workflow) ?? "", true),
    ]),
  );

const exifImage = fc
  .tuple(
    fc.boolean(),
    anyText,
    fc.constantFrom("unicode-be", "unicode-le", "ascii") as fc.Arbitrary<
      "unicode-be" | "unicode-le" | "ascii"
    >,
    anyText,
    fc.boolean(),
  )
  .map(([littleEndian, comment, encoding, description, asWebp]) => {
    const tiff = exifTiff({
      littleEndian,
      ascii: [[0x010e, description]],
      userComment: userComment(comment, encoding),
    });
    return asWebp
      ? webpWithChunks(plainWebp, 16, 16, [{ fourcc: "EXIF", data: tiff }])
      : injectJpegSegments(plainJpeg, [app1Exif(tiff)]);
  });

// ---------- pure noise ----------

const noise = fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes));
const noiseBehindMagic = fc
  .tuple(fc.constantFrom("png", "jpeg", "webp"), fc.uint8Array({ maxLength: 4096 }))
  .map(([format, bytes]) => {
    const magic =
      format === "png"
        ? PNG_SIGNATURE
        : format === "jpeg"
          ? Buffer.from([0xff, 0xd8, 0xff])
          : Buffer.from("RIFF\0\0\0\0WEBP", "latin1");
    return Buffer.concat([magic, Buffer.from(bytes)]);
  });

const anyUpload = fc.oneof(
  { weight: 6, arbitrary: mutatedFixture },
  { weight: 2, arbitrary: textChunkPng },
  { weight: 2, arbitrary: comfyPng },
  { weight: 1, arbitrary: exifImage },
  { weight: 1, arbitrary: noise },
  { weight: 1, arbitrary: noiseBehindMagic },
);

function expectWellFormed(meta: GenerationMetadata): void {
  expect(typeof meta).toBe("object");
  expect(typeof meta.c2pa).toBe("boolean");
  expect(SOURCES.has(meta.source)).toBe(true);
  expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  const keywords = promptKeywords(meta);
  expect(Array.isArray(keywords)).toBe(true);
  for (const word of keywords) expect(typeof word).toBe("string");
}

function timed(bytes: Buffer): { meta: GenerationMetadata; ms: number } {
  const start = performance.now();
  const meta = readGenerationMetadata(bytes);
  return { meta, ms: performance.now() - start };
}

describe("readGenerationMetadata under fuzzing", () => {
  it("never throws, always answers a well-formed object, quickly (2,000 runs)", () => {
    let slowest = 0;
    let total = 0;
    const start = performance.now();
    fc.assert(
      fc.property(anyUpload, (bytes) => {
        const { meta, ms } = timed(bytes);
        slowest = Math.max(slowest, ms);
        total += ms;
        expectWellFormed(meta);
        expect(ms).toBeLessThan(SANE_MS_PER_INPUT);
      }),
      { numRuns: 2_000 },
    );
    console.log(
      `fuzz: 2000 inputs in ${(performance.now() - start).toFixed(0)} ms (reader ${total.toFixed(0)} ms, slowest ${slowest.toFixed(1)} ms)`,
    );
  });

  it("promptKeywords never throws on any prompt", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ unit: "grapheme", maxLength: 500 })), (prompt) => {
        const keywords = promptKeywords({ prompt });
        expect(keywords.every((word) => typeof word === "string" && word.length > 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("readGenerationMetadata on crafted hostile files", () => {
  const cases: Array<[string, () => Buffer]> = [
    [
      "a text chunk declaring 4 GB",
      () => injectPngChunks(plainPng, [lyingChunk("tEXt", 0xffffffff, "parameters\0a cat")]),
    ],
    [
      "a zTXt bomb, thirty times",
      () =>
        injectPngChunks(
          plainPng,
          Array.from({ length: 30 }, (_, i) => zTXtRaw(`bomb${i}`, bomb50MB())),
        ),
    ],
    [
      "20,000 tiny text chunks",
      () =>
        injectPngChunks(
          plainPng,
          Array.from({ length: 20_000 }, (_, i) => tEXt(`k${i}`, "v")),
        ),
    ],
    [
      "a ComfyUI prompt nested 200,000 deep",
      () =>
        injectPngChunks(plainPng, [tEXt("prompt", `${"[".repeat(200_000)}${"]".repeat(200_000)}`)]),
    ],
    [
      "a ComfyUI graph that fans out 40 levels deep",
      () => injectPngChunks(plainPng, [tEXt("prompt", JSON.stringify(fanOutGraph(40)))]),
    ],
    [
      "metadata past 64 MB",
      () =>
        Buffer.concat([
          plainPng.subarray(0, 33),
          pngChunk("IDAT", Buffer.alloc(65 * 1024 * 1024)),
          tEXt("parameters", "late"),
        ]),
    ],
    [
      "a JPEG of 3 MB of fill bytes",
      () => Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(3 * 1024 * 1024, 0xff)]),
    ],
    [
      "an EXIF IFD pointing at itself",
      () => injectJpegSegments(plainJpeg, [app1Exif(selfPointingExif())]),
    ],
    [
      "A1111 text of 2 MB commas and one colon",
      () =>
        injectPngChunks(plainPng, [tEXt("parameters", `a\nSteps: 1${",".repeat(2_000_000)}:x`)]),
    ],
    [
      "A1111 text of 2 MB without a colon",
      () => injectPngChunks(plainPng, [tEXt("parameters", `a\n${"word ".repeat(400_000)}`)]),
    ],
    [
      "XMP of 1 MB of '<' and CDATA openers",
      () =>
        webpWithChunks(plainWebp, 16, 16, [
          {
            fourcc: "XMP ",
            data: Buffer.from(`<dc:description>${"<![CDATA[<".repeat(100_000)}</dc:description>`),
          },
        ]),
    ],
    [
      "invalid UTF-8 in iTXt and tEXt",
      () =>
        injectPngChunks(plainPng, [
          pngChunk(
            "iTXt",
            Buffer.from([
              ...Buffer.from("parameters\0\0\0\0\0"),
              0xc3,
              0x28,
              0xff,
              0xfe,
              0xed,
              0xa0,
              0x80,
            ]),
          ),
        ]),
    ],
    [
      "a prompt of 1 MB digits and dots",
      () =>
        injectPngChunks(plainPng, [
          tEXt("parameters", `${"1".repeat(500_000)}${".".repeat(500_000)}::`),
        ]),
    ],
  ];

  it.each(cases)("%s", (_name, build) => {
    const { meta, ms } = timed(build());
    expectWellFormed(meta);
    expect(ms).toBeLessThan(1_000);
    for (const value of Object.values(meta.raw ?? {}))
      expect(value.length).toBeLessThanOrEqual(20_000);
  });

  it("keeps at most 64 fields and skips a bomb rather than inflating it", () => {
    const many = readGenerationMetadata(
      injectPngChunks(
        plainPng,
        Array.from({ length: 200 }, (_, i) => tEXt(`k${i}`, "v")),
      ),
    );
    expect(Object.keys(many.raw ?? {})).toHaveLength(64);
    const bomb = readGenerationMetadata(
      injectPngChunks(plainPng, [
        zTXtRaw("parameters", deflateSync(Buffer.alloc(10 * 1024 * 1024, 0x61))),
      ]),
    );
    expect(bomb.raw?.parameters).toBeUndefined();
  });

  it("ignores metadata after the 64 MB scan limit", () => {
    const late = Buffer.concat([
      plainPng.subarray(0, 33),
      pngChunk("IDAT", Buffer.alloc(65 * 1024 * 1024)),
      tEXt("parameters", "late"),
    ]);
    expect(readGenerationMetadata(late).prompt).toBeUndefined();
  });

  it("answers for inputs that are not buffers at all", () => {
    for (const input of [undefined, null, "a string", 42, {}, new Uint8Array(plainPng)]) {
      expectWellFormed(readGenerationMetadata(input as unknown as Buffer));
    }
  });
});

function lyingChunk(type: string, declaredLength: number, data: string): Buffer {
  const chunk = pngChunk(type, Buffer.from(data, "latin1"));
  chunk.writeUInt32BE(declaredLength, 0);
  return chunk;
}

let bomb: Buffer | undefined;
/** 50 MB of zeros, deflated once (about 50 kB). */
function bomb50MB(): Buffer {
  bomb ??= deflateSync(Buffer.alloc(50 * 1024 * 1024));
  return bomb;
}

function zTXtRaw(keyword: string, compressed: Buffer): Buffer {
  return pngChunk("zTXt", Buffer.concat([Buffer.from(`${keyword}\0\0`, "latin1"), compressed]));
}

/** Each ConditioningCombine feeds from the next level twice: 2^depth paths without a budget. */
function fanOutGraph(depth: number): Record<string, unknown> {
  const graph: Record<string, unknown> = {
    sampler: {
      class_type: "KSampler",
      inputs: { positive: ["c0", 0], negative: ["c0", 0], latent_image: ["l", 0], model: ["m", 0] },
    },
    m: { class_type: "LoraLoader", inputs: { model: ["m", 0] } },
  };
  for (let level = 0; level < depth; level++) {
    graph[`c${level}`] = {
      class_type: "ConditioningCombine",
      inputs: { conditioning_1: [`c${level + 1}`, 0], conditioning_2: [`c${level + 1}`, 0] },
    };
  }
  return graph;
}

/** An EXIF block whose Exif IFD pointer points back at IFD0. */
function selfPointingExif(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 * 2 + 4);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(8, 18);
  tiff.writeUInt16LE(0x9286, 22);
  tiff.writeUInt16LE(7, 24);
  tiff.writeUInt32LE(0xffffffff, 26);
  tiff.writeUInt32LE(8, 30);
  return tiff;
}
