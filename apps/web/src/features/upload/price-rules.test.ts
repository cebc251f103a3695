import { describe, expect, it } from "vitest";
import { isPricedEdition, priceCentsToSend } from "./price-rules";

describe("priceCentsToSend", () => {
  it("converts dollars to whole cents, rounding", () => {
    expect(priceCentsToSend("open_edition", "19.99")).toBe(1999);
    expect(priceCentsToSend("one_of_one", "0.015")).toBe(2);
    expect(priceCentsToSend("one_of_one", "0")).toBe(0);
  });

  it("sends nothing when the field is empty", () => {
    expect(priceCentsToSend("open_edition", "")).toBeNull();
    expect(priceCentsToSend("open_edition", "  ")).toBeNull();
  });

  it("never sends a price for Sawdust Gallery", () => {
    expect(priceCentsToSend("sawdust_gallery", "25")).toBeNull();
  });

  it("sends nothing for a value that is not a price", () => {
    expect(priceCentsToSend("open_edition", "-1")).toBeNull();
    expect(priceCentsToSend("open_edition", "abc")).toBeNull();
  });
});

describe("isPricedEdition", () => {
  it("prices 1/1 and open editions only", () => {
    expect(isPricedEdition("one_of_one")).toBe(true);
    expect(isPricedEdition("open_edition")).toBe(true);
    expect(isPricedEdition("sawdust_gallery")).toBe(false);
  });
});
