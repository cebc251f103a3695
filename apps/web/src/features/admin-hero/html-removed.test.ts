import { describe, expect, it } from "vitest";
import { htmlRemoved } from "./html-removed";

describe("htmlRemoved", () => {
  it("sees tags, handlers, styles and script links the sanitiser took out", () => {
    expect(htmlRemoved("Hi <script>alert(1)</script><b>x</b>", "Hi <b>x</b>")).toBe(true);
    expect(htmlRemoved('<b onclick="x()">x</b>', "<b>x</b>")).toBe(true);
    expect(htmlRemoved('<span style="color:red">x</span>', "<span>x</span>")).toBe(true);
    expect(htmlRemoved('<a href="javascript:alert(1)">x</a>', "<a>x</a>")).toBe(true);
    expect(htmlRemoved("<iframe></iframe>text", "text")).toBe(true);
  });

  it("takes what the sanitiser only rewrites for no removal", () => {
    expect(
      htmlRemoved(
        '<a href="https://example.com/?a=1&b=2" target="_blank">x</a> & <em>y</em>',
        '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a> &amp; <em>y</em>',
      ),
    ).toBe(false);
    expect(htmlRemoved("Plain words", "Plain words")).toBe(false);
    expect(htmlRemoved("<B>loud</B>", "<b>loud</b>")).toBe(false);
  });
});
