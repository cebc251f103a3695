import { UPLOAD_REFUSED_FOR_CONTENT } from "@sawdust/shared";
import { UploadFailure } from "./api/upload-image";

/** The server's refusals of a file for what it is: sent again, it is refused the same way. */
const REFUSED_FOR_ITS_CONTENT = new Set<string>(Object.values(UPLOAD_REFUSED_FOR_CONTENT));

/**
 * Whether sending the file again can only fail the same way. Everything else is worth another
 * try: no answer (the network), a busy or broken server (429, 5xx, 503 with the disk full), a
 * cut-off upload, a refused price or edition type the admin can change.
 */
export function isRefusedForGood(error: unknown): boolean {
  return error instanceof UploadFailure && REFUSED_FOR_ITS_CONTENT.has(error.code ?? "");
}

/** The chosen images a new run sends: all but those refused for good. */
export function imagesToSend<T extends { id: string }>(
  images: readonly T[],
  refusedForGood: ReadonlySet<string>,
): T[] {
  return images.filter((image) => !refusedForGood.has(image.id));
}
