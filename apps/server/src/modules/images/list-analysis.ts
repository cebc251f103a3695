import { LIST_AI_ANALYSIS_FIELDS } from "@sawdust/shared";
import { parseStoredObject } from "../../lib/stored-json.js";

/**
 * The part of a stored analysis a list entry shows (`LIST_AI_ANALYSIS_FIELDS`, in that order), as
 * the JSON text kept beside it in `images.list_analysis`: a list page reads and parses this small
 * text instead of the whole analysis (2.3 kB on average, tens of kB with generation metadata).
 * Written wherever `ai_analysis` is (images.repo.ts, admin-images.repo.ts), and by migration 0016.
 */
export function listAnalysisOf(aiAnalysis: string): string {
  const stored = parseStoredObject(aiAnalysis);
  const picked: Record<string, unknown> = {};
  for (const key of LIST_AI_ANALYSIS_FIELDS)
    if (stored[key] !== undefined) picked[key] = stored[key];
  return JSON.stringify(picked);
}

/** Why the stored analysis failed for good (AnalysisService writes `error`), or null. */
export function analysisErrorOf(aiAnalysis: string | null): string | null {
  const error = parseStoredObject(aiAnalysis ?? "{}").error;
  return typeof error === "string" && error.trim() !== "" ? error : null;
}
