import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type VisionMode =
  | "good"
  | "fenced"
  | "unruly"
  | "malformed"
  | "wrong-shape"
  | "timeout"
  | "500"
  | "429";

/**
 * A loopback server speaking OpenAI's chat-completions protocol, standing in for a vision model:
 * it answers according to `mode`, and records what it was sent.
 */
export class FakeVisionServer {
  mode: VisionMode = "good";
  readonly requests: Array<{ authorization?: string; body: Record<string, unknown> }> = [];
  private server: Server | undefined;
  private pending = new Set<() => void>();

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      this.requests.push({ authorization: req.headers.authorization, body });
      if (req.url !== "/v1/chat/completions" || req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      const answer = (content: string) =>
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-test",
            object: "chat.completion",
            model: body.model,
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          }),
        );
      const words = {
        title: "Crimson Tide",
        description: "A field of pure red, edge to edge.",
        tags: ["red", "minimal", "color field"],
        style: "Color Field Painting",
      };
      switch (this.mode) {
        case "good":
          return answer(JSON.stringify(words));
        case "fenced":
          return answer(`\`\`\`json\n${JSON.stringify(words)}\n\`\`\``);
        case "unruly":
          // A title over lines, with a bell and a right-to-left override in it.
          return answer(JSON.stringify({ ...words, title: "Crimson\r\nTide\u0007 \u202eNow" }));
        case "malformed":
          return answer("Sure! Here is a title: Crimson Tide, and some tags…");
        case "wrong-shape":
          return answer(JSON.stringify({ name: "Crimson Tide" }));
        case "500":
          return res
            .writeHead(500, { "content-type": "application/json" })
            .end('{"error":{"message":"boom"}}');
        case "429":
          return res.writeHead(429).end();
        case "timeout":
          // Never answer; released when the server stops.
          await new Promise<void>((resolve) => this.pending.add(resolve));
          return res.destroy();
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop(): Promise<void> {
    for (const release of this.pending) release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
