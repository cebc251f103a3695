/**
 * The upload for bench/analysis: bench/ingest's 4000×5000 PNG, optionally with the generation
 * metadata an AI tool writes (text chunks right after IHDR, built with the server tests' own
 * container helpers and samples), cached next to the plain fixture.
 */
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { injectPngChunks, tEXt } from "../../apps/server/test/fixtures/generation/containers.js";
import {
  A1111_PARAMETERS,
  COMFY_API_PROMPT,
  COMFY_WORKFLOW,
} from "../../apps/server/test/fixtures/generation/samples.js";
import { type FixtureKind, fixturePath } from "../ingest/fixture.js";

export type MetadataKind = "none" | "a1111" | "comfyui";
export const METADATA_KINDS: MetadataKind[] = ["none", "a1111", "comfyui"];

/** What each kind adds, for the report. */
export const METADATA_DESCRIPTION: Record<MetadataKind, string> = {
  none: "no text chunks (bench/ingest's file as is)",
  a1111: "an A1111 `parameters` tEXt chunk (prompt, negative prompt, settings line)",
  comfyui: "ComfyUI's `prompt` (API graph) and `workflow` (editor graph) tEXt chunks",
};

/** The PNG to upload: the plain fixture, or a cached copy carrying the metadata. */
export async function analysisFixturePath(
  kind: FixtureKind,
  metadata: MetadataKind,
): Promise<string> {
  const plain = await fixturePath(kind);
  if (metadata === "none") return plain;
  const path = join(dirname(plain), `${basename(plain, ".png")}-${metadata}.png`);
  if (existsSync(path)) return path;
  const chunks =
    metadata === "a1111"
      ? [tEXt("parameters", A1111_PARAMETERS)]
      : [
          tEXt("prompt", JSON.stringify(COMFY_API_PROMPT)),
          tEXt("workflow", JSON.stringify(COMFY_WORKFLOW)),
        ];
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, injectPngChunks(await readFile(plain), chunks));
  await rename(partial, path);
  return path;
}
