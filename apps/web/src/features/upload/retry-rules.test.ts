import { describe, expect, it } from "vitest";
import { UploadFailure } from "./api/upload-image";
import { imagesToSend, isRefusedForGood } from "./retry-rules";

const refusal = (status: number, code?: string) => new UploadFailure("refused", status, code);

describe("isRefusedForGood", () => {
  it("is true of a refusal for the file's own content: sending it again cannot help", () => {
    for (const code of [
      "not_an_image",
      "unreadable_image",
      "format_mismatch",
      "animated_image",
      "too_small",
      "too_many_pixels",
    ]) {
      expect(isRefusedForGood(refusal(400, code)), code).toBe(true);
    }
    expect(isRefusedForGood(refusal(413, "file_too_large"))).toBe(true);
  });

  it("is false of a failure that may pass on another try", () => {
    // No answer at all: the network, an abort.
    expect(isRefusedForGood(new UploadFailure("An error occurred during upload"))).toBe(false);
    expect(isRefusedForGood(refusal(429, "rate_limited"))).toBe(false);
    expect(isRefusedForGood(refusal(500))).toBe(false);
    expect(isRefusedForGood(refusal(502))).toBe(false);
    expect(isRefusedForGood(refusal(503, "storage_full"))).toBe(false);
    // A cut-off upload, and fields the admin can change.
    expect(isRefusedForGood(refusal(400, "incomplete_upload"))).toBe(false);
    expect(isRefusedForGood(refusal(400, "validation_failed"))).toBe(false);
    expect(isRefusedForGood(refusal(401, "unauthorized"))).toBe(false);
    expect(isRefusedForGood(new Error("too_small"))).toBe(false);
  });
});

describe("imagesToSend", () => {
  it("leaves out the images refused for good, in order", () => {
    const images = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
    expect(imagesToSend(images, new Set(["b", "d"]))).toEqual([{ id: "a" }, { id: "c" }]);
    expect(imagesToSend(images, new Set())).toEqual(images);
  });
});
