import { describe, expect, it } from "vitest";
import { toWinAnsi } from "./certificate-pdf.js";

describe("toWinAnsi", () => {
  it("keeps what the standard fonts can draw, typographer's marks included", () => {
    expect(toWinAnsi("Zoë — “Taro” ’s €5 …")).toBe("Zoë — “Taro” ’s €5 …");
  });

  it("replaces the rest rather than failing the certificate", () => {
    expect(toWinAnsi("山田 Ω")).toBe("?? ?");
  });
});
