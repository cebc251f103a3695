import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validationMessage } from "./validation-message.js";

/** The first issue of a parse as fastify-type-provider-zod hands it to the error handler. */
function issueOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("parsed");
  const { path, code, message, ...params } = result.error.issues[0] as z.core.$ZodIssue;
  return { keyword: code, instancePath: `/${path.join("/")}`, message, params };
}

describe("validationMessage", () => {
  const body = z.object({
    tags: z.array(z.string()).max(2),
    style: z.string().max(5).optional(),
    size: z.enum(["preview", "basic"]).optional(),
    days: z.number().positive().optional(),
    title: z.string().min(2, "Title must be at least 2 characters").optional(),
  });

  it("names the field where Zod's own wording does not", () => {
    expect(validationMessage(issueOf(body, { tags: "a,b" }))).toBe("tags must be a list");
    expect(validationMessage(issueOf(body, { tags: ["a", "b", "c"] }))).toBe(
      "tags must be at most 2 items",
    );
    expect(validationMessage(issueOf(body, { tags: [], style: "toolong" }))).toBe(
      "style must be at most 5 characters",
    );
    expect(validationMessage(issueOf(body, { tags: [], style: 5 }))).toBe("style must be text");
    expect(validationMessage(issueOf(body, { tags: [], size: "HD" }))).toBe(
      "size must be one of preview, basic",
    );
    expect(validationMessage(issueOf(body, { tags: [], days: 0 }))).toBe(
      "days must be more than 0",
    );
    expect(validationMessage(issueOf(body, { tags: [1] }))).toBe("tags.0 must be text");
  });

  it("keeps a message the schema wrote itself", () => {
    expect(validationMessage(issueOf(body, { tags: [], title: "x" }))).toBe(
      "Title must be at least 2 characters",
    );
  });
});
