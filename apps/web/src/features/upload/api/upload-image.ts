import type { EditionType, Image, ZUploadResponse } from "@sawdust/shared";
import { MESSAGES } from "@sawdust/shared";
import type { z } from "zod";

type UploadResponse = z.infer<typeof ZUploadResponse>;

const UPLOAD_URL = "/api/v1/images/upload";

/** A file the server did not take; `message` is what the admin is told (the server's words). */
export class UploadFailure extends Error {
  override readonly name = "UploadFailure";

  constructor(
    message: string,
    /** The HTTP status, or undefined when no answer came (network failure, abort). */
    readonly status?: number,
    /** The server's code for the refusal (`too_small`), when it sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface UploadImageInput {
  file: File;
  editionType: EditionType;
  /** Integer cents, or null to send no price. */
  priceCents: number | null;
  /** Called with the share of this file's request body sent so far, 0–1. */
  onProgress?: (fraction: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringField(body: unknown, field: "message" | "error" | "code"): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function firstUploaded(body: unknown): Image | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { uploaded } = body as Partial<UploadResponse>;
  return Array.isArray(uploaded) ? uploaded[0] : undefined;
}

/** The created image from a finished request, or the failure the admin should read. */
function readAnswer(xhr: XMLHttpRequest): Image {
  const body = parseJson(xhr.responseText);
  const ok = xhr.status >= 200 && xhr.status < 300;
  const image = ok ? firstUploaded(body) : undefined;
  if (image) return image;
  const reason = ok ? stringField(body, "error") : stringField(body, "message");
  throw new UploadFailure(
    reason ?? MESSAGES.upload.uploadErrorFallback,
    xhr.status,
    ok ? undefined : stringField(body, "code"),
  );
}

/**
 * Uploads one image (spec section 7: multipart field `images`, plus `editionType` and `price` in
 * cents when given). XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function uploadImage({
  file,
  editionType,
  priceCents,
  onProgress,
}: UploadImageInput): Promise<Image> {
  const form = new FormData();
  // Fields before the file, so the server knows them before the bytes stream in.
  form.append("editionType", editionType);
  if (priceCents !== null) form.append("price", String(priceCents));
  form.append("images", file, file.name);

  return new Promise<Image>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer(xhr));
      } catch (error) {
        reject(error);
      }
    };
    const fail = () => reject(new UploadFailure(MESSAGES.upload.uploadErrorFallback));
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    xhr.send(form);
  });
}

/** The toast description for a failed upload: the failure's own words, else 'Unknown error'. */
export function describeUploadFailure(error: unknown): string {
  return error instanceof Error && error.message !== ""
    ? error.message
    : MESSAGES.upload.uploadUnknown;
}
