import type { DownloadSize } from "@sawdust/shared";
import { ApiRequestError } from "@/lib/api-client";

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` when present (it
 * carries any language), else the plain `filename`. Null when neither is there.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ""));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name || null;
}

/** The name to save under when the server named none: the title's words and the size. */
export function fallbackFilename(title: string, size: DownloadSize): string {
  const slug = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "artwork"}-${size}.webp`;
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => "");
  let message = text;
  try {
    const body: unknown = JSON.parse(text);
    const given = (body as { message?: unknown } | null)?.message;
    if (typeof given === "string") message = given;
  } catch {
    // Not JSON: the text as it came.
  }
  return new ApiRequestError(response.status, response.statusText, message);
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the save in some browsers; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Fetches one download size through the API (which checks access and counts it) and saves the
 * file under the name the server gives. Throws ApiRequestError with the server's message.
 */
export async function downloadImage(
  image: { id: number; title: string },
  size: DownloadSize,
): Promise<string> {
  const response = await fetch(`/api/v1/images/${image.id}/download?size=${size}`, {
    credentials: "include",
  });
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("Content-Disposition")) ??
    fallbackFilename(image.title, size);
  saveBlob(blob, filename);
  return filename;
}
