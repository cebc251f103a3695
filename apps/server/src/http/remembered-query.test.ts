import { ZImageListQuery } from "@sawdust/shared";
import { describe, expect, it } from "vitest";
import { rememberQueryVerdicts } from "./remembered-query.js";

const route = (httpPart: string) =>
  ({ schema: ZImageListQuery, method: "GET", url: "/", httpPart }) as Parameters<
    typeof rememberQueryVerdicts
  >[0];
const validatorFor = (httpPart = "querystring") =>
  rememberQueryVerdicts(route(httpPart)) as (data: unknown) => { value?: unknown; error?: unknown };

describe("rememberQueryVerdicts", () => {
  it("gives an input seen before the schema's own verdict, frozen", () => {
    const validate = validatorFor();
    const first = validate({ limit: "20", tag: "night-sky,sea" });
    const again = validate({ limit: "20", tag: "night-sky,sea" });
    expect(first.value).toEqual(ZImageListQuery.parse({ limit: "20", tag: "night-sky,sea" }));
    expect(again).toBe(first);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(Object.isFrozen((first.value as { tag: string[] }).tag)).toBe(true);
    expect(() => {
      (first.value as { tag: string[] }).tag.push("x");
    }).toThrow(TypeError);
  });

  it("refuses bad input every time, without keeping the refusal", () => {
    const validate = validatorFor();
    const a = validate({ limit: "0" });
    const b = validate({ limit: "0" });
    expect(a.error).toBeDefined();
    expect(b.error).toBeDefined();
    expect(b).not.toBe(a);
  });

  it("tells apart inputs whose names and values run into each other", () => {
    const validate = validatorFor();
    const one = validate({ tag: "a", style: "b" });
    const two = validate({ tag: "a5:styleb" });
    expect((one.value as { tag: string[] }).tag).toEqual(["a"]);
    expect((two.value as { tag: string[] }).tag).toEqual(["a5:styleb"]);
  });

  it("validates afresh what it does not remember: repeated parameters, other parts", () => {
    const validate = validatorFor();
    const repeated = { tag: ["a", "b"] };
    expect(validate(repeated)).not.toBe(validate(repeated));
    const body = validatorFor("body");
    expect(body({ limit: "20" })).not.toBe(body({ limit: "20" }));
  });
});
