import { UPLOAD } from "@sawdust/shared";
import { Check } from "lucide-react";

const GUIDELINES = [
  `Max ${UPLOAD.maxBytes / (1024 * 1024)}MB per image`,
  "JPG, PNG and WebP",
  `Minimum ${UPLOAD.minWidth}x${UPLOAD.minHeight} pixels`,
  "By uploading, you confirm that you own the rights to these images",
];

/** The upload guidelines of spec section 2. */
export function UploadGuidelines() {
  return (
    <section aria-labelledby="upload-guidelines-heading" className="rounded-lg bg-muted p-4">
      <h3 id="upload-guidelines-heading" className="text-sm font-medium">
        Upload guidelines
      </h3>
      <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
        {GUIDELINES.map((line) => (
          <li key={line} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
