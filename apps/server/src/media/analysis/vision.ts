import { z } from "zod";

/** What we ask the vision model for, and accept only in this shape. */
export const ZVisionWords = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(600),
  tags: z.array(z.string().trim().min(1).max(40)).min(1).max(15),
  style: z.string().trim().min(1).max(60),
});
export type VisionWords = z.infer<typeof ZVisionWords>;

/**
 * Why a vision call failed. `retryable` failures (timeouts, 429, 5xx, network) are worth another
 * try later; the others (a malformed answer, a 4xx) are not — the local analysers take over. A
 * network failure keeps its cause (`ECONNREFUSED`…): a model's server that is down is an outage,
 * waited out longer than a model that answers badly (isOutOfReach).
 */
export class VisionError extends Error {
  override name = "VisionError";
  constructor(
    message: string,
    readonly kind: "timeout" | "http" | "network" | "malformed",
    readonly retryable: boolean,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

export interface VisionOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

const INSTRUCTIONS = `You catalogue AI-generated artwork for a gallery. Look at the image and answer with one JSON object, nothing else:
{"title": a short evocative title (at most 8 words), "description": one or two sentences describing what is shown, "tags": 5 to 10 lower-case subject and mood keywords, "style": the art style or medium in 1 to 3 words (e.g. "digital art", "oil painting", "watercolor", "photography")}.
Describe only what is visible; do not guess names of artists or people.`;

/** An OpenAI-compatible chat-completions client that describes an image. */
export class VisionClient {
  constructor(
    private readonly options: VisionOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async describe(image: Buffer, mimeType: string): Promise<VisionWords> {
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          temperature: 0.2,
          max_tokens: 500,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: INSTRUCTIONS },
            {
              role: "user",
              content: [
                { type: "text", text: "Catalogue this artwork." },
                {
                  type: "image_url",
                  image_url: { url: `data:${mimeType};base64,${image.toString("base64")}` },
                },
              ],
            },
          ],
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new VisionError("the vision model did not answer in time", "timeout", true);
      }
      throw new VisionError(
        `could not reach the vision model: ${(error as Error).message}`,
        "network",
        true,
        { cause: error },
      );
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new VisionError(`the vision model answered ${response.status}`, "http", retryable);
    }
    let content: unknown;
    try {
      const body = (await response.json()) as {
        choices?: Array<{ message?: { content?: unknown } }>;
      };
      content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new Error("no message content");
      content = JSON.parse(stripCodeFence(content));
    } catch (error) {
      throw new VisionError(
        `the vision model's answer was not JSON: ${(error as Error).message}`,
        "malformed",
        false,
      );
    }
    const parsed = ZVisionWords.safeParse(content);
    if (!parsed.success) {
      throw new VisionError(
        `the vision model's JSON did not have the expected fields: ${parsed.error.issues[0]?.message ?? ""}`,
        "malformed",
        false,
      );
    }
    return parsed.data;
  }
}

/** Some models wrap JSON in a Markdown code fence even when asked not to. */
function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? (match[1] as string) : text;
}
