import { ZCertificate, ZLibrary } from "@sawdust/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callerOf,
  paySandbox,
  publishPiece,
  sandboxSessionOf,
  type Who,
} from "../../../test/editions.js";
import { makePng, signIn } from "../../../test/images.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/test-app.js";
import { linesOf, shownText } from "./pdf-text.test-support.js";

/**
 * The certificate's PDF as the app serves it: the piece's title in its own letters (the fonts
 * come from node_modules, nothing downloads), on lines that stay apart.
 */

let app: TestApp;
let admin: Who;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signIn(app, "pdf_admin", "admin");
}, 60_000);
afterAll(() => app.close());

const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(app)(...args);

describe(`the certificate's PDF on ${TEST_DB}`, () => {
  it("prints a Greek and Cyrillic title as those letters, wrapped onto lines of its own", async () => {
    const title = "Αθήνα τη νύχτα и Москва на рассвете: ένα λιμάνι, два маяка и τρεις βάρκες";
    const id = await publishPiece(app, admin, await makePng(800, 1000), {
      editionType: "open_edition",
      price: 3000,
      aiAnalysis: { title },
    });
    const buyer = await signIn(app, "pdf_buyer");
    const checkout = await call("POST", `/api/v1/images/${id}/purchase`, buyer, {
      licence: "standard",
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await paySandbox(app, buyer, sandboxSessionOf(checkout.json().url));
    expect(paid.statusCode, paid.body).toBe(200);
    const library = ZLibrary.parse((await call("GET", "/api/v1/library", buyer)).json());
    const certificateId = library.editions[0]?.certificateId;
    const certificate = ZCertificate.parse(
      (await call("GET", `/api/v1/certificates/${certificateId}`, buyer)).json(),
    );

    const pdf = await call("GET", certificate.pdfUrl, buyer);
    expect(pdf.statusCode).toBe(200);
    const lines = linesOf(await shownText(pdf.rawPayload));
    const text = lines.map((line) => line.text);
    const first = text.indexOf("Certificate of Authenticity") + 1;
    const edition = text.findIndex((line) => line.startsWith("Open Edition"));
    expect(edition - first).toBeGreaterThan(1);
    expect(text.slice(first, edition).join(" ")).toBe(title);
    expect(text).toContain(`Collected by: ${certificate.buyer}`);
    // Headed by the site's name as it is now.
    expect(text[0]).toBe("SAWDUST");
    const settings = await call("GET", "/api/v1/admin/settings", admin);
    const renamed = await call("PUT", "/api/v1/admin/settings", admin, {
      ...settings.json(),
      siteName: "Knot & Grain",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = linesOf(
      await shownText((await call("GET", certificate.pdfUrl, buyer)).rawPayload),
    );
    expect(again[0]?.text).toBe("KNOT & GRAIN");
    lines.slice(1).forEach((line, i) => {
      const above = lines[i] as (typeof lines)[number];
      expect(above.y - line.y, `"${above.text}" over "${line.text}"`).toBeGreaterThanOrEqual(
        Math.max(above.size, line.size),
      );
    });
  }, 60_000);
});
