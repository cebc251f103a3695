import type { Page } from "@playwright/test";
import type { GeneratedFile } from "./images";

/** The Upload Artwork page's file input (it is visually hidden inside the drop zone). */
export function imagePicker(page: Page) {
  return page.getByLabel("Choose images");
}

export async function chooseFiles(page: Page, files: GeneratedFile[]): Promise<void> {
  await imagePicker(page).setInputFiles(files);
}

export function previewOf(page: Page, fileName: string) {
  return page.getByRole("img", { name: `Preview of ${fileName}` });
}

export function uploadProgress(page: Page) {
  return page.getByRole("progressbar", { name: "Upload progress" });
}

/** Drops the files on the picker's drop zone, as dragging them from the desktop would. */
export async function dropFiles(page: Page, files: GeneratedFile[]): Promise<void> {
  const payload = files.map((file) => ({
    name: file.name,
    mimeType: file.mimeType,
    base64: file.buffer.toString("base64"),
  }));
  // Written as source text: this project's e2e types have no DOM library, the page does.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const item of ${JSON.stringify(payload)}) {
      const bytes = Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.mimeType }));
    }
    return transfer;
  })()`);
  const zone = page.locator("label").filter({ has: imagePicker(page) });
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}
