import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  A1111_EXPECTED,
  buildGenerationFixtures,
  type GenerationFixture,
  writeGenerationFixtures,
} from "../../../../test/fixtures/generation/fixtures.js";
import { parseA1111Parameters, parseSettingsLine } from "./a1111-parameters.js";
import { decodeUserComment } from "./exif-tiff.js";
import { promptKeywords, readGenerationMetadata } from "./generation-metadata.js";

// The fixtures are built by sharp, written to disk and read back: real files, as uploaded.
const fixtures: GenerationFixture[] = await buildGenerationFixtures();
const files = new Map<string, Buffer>();
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sawdust-generation-"));
  const paths = await writeGenerationFixtures(dir, fixtures);
  for (const [name, path] of paths) files.set(name, await readFile(path));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function fileOf(name: string): Buffer {
  const bytes = files.get(name);
  if (!bytes) throw new Error(`no fixture file for ${name}`);
  return bytes;
}

// Names are listed up front so each case is its own test; the files come from beforeAll.
const FIXTURE_NAMES = fixtures.map((fixture) => fixture.name);

describe("readGenerationMetadata on fixture files", () => {
  it.each(FIXTURE_NAMES)("%s", async (name) => {
    const fixture = fixtures.find((candidate) => candidate.name === name);
    if (!fixture) throw new Error(`missing fixture ${name}`);
    const bytes = fileOf(name);

    // Still a valid image after injection: sharp decodes it at the size it was made.
    const decoded = await sharp(bytes).stats();
    expect(decoded.channels.length).toBeGreaterThanOrEqual(3);

    const meta = readGenerationMetadata(bytes);
    expect(meta).toMatchObject(fixture.expected);
    for (const field of fixture.absent ?? []) expect(meta).not.toHaveProperty(field);
    if (fixture.keywords) expect(promptKeywords(meta)).toEqual(fixture.keywords);
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  });

  it("keeps the raw text fields it read, each cut to 20,000 characters", () => {
    const meta = readGenerationMetadata(fileOf("PNG tEXt: ComfyUI prompt and workflow"));
    expect(Object.keys(meta.raw ?? {})).toEqual(["prompt", "workflow"]);
    expect(JSON.parse(meta.raw?.prompt ?? "")).toMatchObject({ "3": { class_type: "KSampler" } });

    const long = readGenerationMetadata(withParameters(`${"word, ".repeat(5_000)}\nSteps: 20`));
    expect(long.raw?.parameters?.length).toBe(20_000);
  });

  it("keeps no author's name, camera or document path from EXIF (Pro members read what is kept)", async () => {
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#456" } })
      .withExif({
        IFD0: {
          Artist: "Jean Dupont",
          Make: "SONY",
          Model: "ILCE-7M3",
          DocumentName: "/home/jean/private/piece.jpg",
          ImageDescription: "a lighthouse at dusk",
        },
      })
      .jpeg()
      .toBuffer();
    const meta = readGenerationMetadata(photo);
    expect(meta.raw).toEqual({ "exif:ImageDescription": "a lighthouse at dusk" });
    expect(JSON.stringify(meta)).not.toMatch(/Dupont|SONY|ILCE|\/home\/jean/);
  });

  it("reads the same A1111 text from PNG, JPEG and WebP alike", () => {
    const names = [
      "PNG tEXt: A1111 parameters",
      "JPEG APP1 Exif: A1111 UserComment, UNICODE big-endian (piexif)",
      "WebP EXIF chunk: A1111 UserComment, UNICODE little-endian",
    ];
    const results = names.map((name) => {
      const { raw: _raw, ...meta } = readGenerationMetadata(fileOf(name));
      return meta;
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(results[0]).toMatchObject(A1111_EXPECTED);
  });
});

describe("EXIF UserComment", () => {
  const comment = (code: string, body: Buffer) =>
    Buffer.concat([Buffer.from(code, "latin1"), body]);
  const utf16 = (text: string, littleEndian: boolean) => {
    const bytes = Buffer.from(text, "utf16le");
    return littleEndian ? bytes : bytes.swap16();
  };

  it.each([
    [
      "UNICODE, big-endian, in a little-endian TIFF",
      comment("UNICODE\0", utf16("Steps: 20", false)),
      true,
    ],
    [
      "UNICODE, little-endian, in a big-endian TIFF",
      comment("UNICODE\0", utf16("Steps: 20", true)),
      false,
    ],
    [
      "UNICODE, CJK only, in the TIFF's byte order",
      comment("UNICODE\0", utf16("東京の夜景", false)),
      false,
    ],
    ["UNICODE followed by UTF-8", comment("UNICODE\0", Buffer.from("東京の夜景")), true],
    ["ASCII, NUL-padded", comment("ASCII\0\0\0", Buffer.from("a cat\0\0")), true],
    ["undefined charset", comment("\0".repeat(8), Buffer.from("a cat")), true],
    ["no charset code", Buffer.from("a cat"), true],
  ])("%s", (_name, value, tiffLittleEndian) => {
    expect(decodeUserComment(value, tiffLittleEndian)).toMatch(/^(Steps: 20|東京の夜景|a cat)$/);
  });
});

describe("A1111 parameters", () => {
  it("splits settings on commas outside quotes, unquoting JSON strings", () => {
    const settings = parseSettingsLine(
      'Steps: 20, Sampler: DPM++ 2M Karras, Lora hashes: "a: 1, b: 2", Hires prompt: "say \\"hi\\", ok", Size: 512x768',
    );
    expect(Object.fromEntries(settings)).toEqual({
      Steps: "20",
      Sampler: "DPM++ 2M Karras",
      "Lora hashes": "a: 1, b: 2",
      "Hires prompt": 'say "hi", ok',
      Size: "512x768",
    });
  });

  it.each([
    ["prompt only", "a cat on a mat", { prompt: "a cat on a mat", negativePrompt: "" }],
    [
      "multi-line prompt and negative",
      "line one\nline two\nNegative prompt: bad\nworse\nSteps: 5, Seed: 1, Sampler: Euler",
      { prompt: "line one\nline two", negativePrompt: "bad\nworse" },
    ],
    [
      "settings line without Steps (A1111's three-settings rule)",
      "a dog\nSampler: Euler, Seed: 3, CFG scale: 4",
      { prompt: "a dog", negativePrompt: "" },
    ],
    [
      "Windows line endings and an extension line after the settings",
      "a fox\r\nNegative prompt: x\r\nSteps: 9, Seed: 2\r\nTemplate: a {fox|wolf}",
      { prompt: "a fox", negativePrompt: "x" },
    ],
  ])("%s", (_name, text, expected) => {
    expect(parseA1111Parameters(text)).toMatchObject(expected);
  });

  it("keeps extension lines as settings without letting them replace the real ones", () => {
    const parsed = parseA1111Parameters("p\nSteps: 9, Seed: 2\nTemplate: a {x|y}\nSeed: 99");
    expect(parsed.settings.get("Seed")).toBe("2");
    expect(parsed.settings.get("Template")).toBe("a {x|y}");
  });
});

describe("promptKeywords", () => {
  it.each([
    [
      "weights, brackets and LoRA tags",
      "(masterpiece:1.2), [blurry], <lora:x:0.5>, ((red hair))",
      ["masterpiece", "blurry", "red hair"],
    ],
    ["BREAK and AND", "a castle BREAK a dragon AND a knight", ["a castle", "a dragon", "a knight"]],
    [
      "prompt editing and alternation",
      "[cat:dog:0.5], [day|night]",
      ["cat", "dog", "day", "night"],
    ],
    [
      "NovelAI braces and V4 weights",
      "{{silver hair}}, 1.3::blue eyes::, -2::hat::",
      ["silver hair", "blue eyes", "hat"],
    ],
    ["escaped brackets", "\\(cosplay\\), kirby \\(series\\)", ["cosplay", "kirby", "series"]],
    [
      "embeddings and numbers",
      "embedding:easynegative, 8k, 4k uhd, 1.5, portrait",
      ["8k", "4k uhd", "portrait"],
    ],
    ["duplicates and case", "Forest, forest, FOREST, trees", ["forest", "trees"]],
    [
      "sentences",
      "A quiet harbor at dawn. Fishing boats. Mist over the water",
      ["a quiet harbor at dawn", "fishing boats", "mist over the water"],
    ],
    [
      "long phrases are not tags",
      "a highly detailed photograph of an old man reading a newspaper in a cafe, bokeh",
      ["bokeh"],
    ],
    ["nothing", "", []],
  ])("%s", (_name, prompt, expected) => {
    expect(promptKeywords({ prompt })).toEqual(expected);
  });

  it("returns nothing without a prompt", () => {
    expect(promptKeywords({})).toEqual([]);
  });
});

function withParameters(text: string): Buffer {
  // A minimal PNG: signature, IHDR, the parameters chunk, IEND (CRCs are not checked).
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", Buffer.alloc(13)),
    chunk("tEXt", Buffer.from(`parameters\0${text}`, "latin1")),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
