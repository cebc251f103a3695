/**
 * Child process: the bare Fastify reference, with nothing registered but its routes.
 *   GET /small           a small constant object, serialised by Fastify (`{"hello":"world"}`):
 *                        the "bare Fastify JSON route" of the acceptance line
 *   GET /payload         the bytes of a real page-1 response (read from PAYLOAD_FILE), sent
 *                        pre-serialised: the same payload's transport cost alone
 *   GET /payload-object  that response parsed once at start and serialised by Fastify on every
 *                        request (JSON.stringify, as the app's route has no response schema)
 *   GET /static/<name>   with STATIC_FILE set: that file through `@fastify/static` (the server's
 *                        own dependency for the web app), next to the app's download route
 * BENCH_PORT: the port to listen on (default: any free one).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { failToParent, serveParent } from "./children.js";

async function main(): Promise<void> {
  const payloadFile = process.env.PAYLOAD_FILE;
  if (!payloadFile) throw new Error("PAYLOAD_FILE is required");
  const body = readFileSync(payloadFile, "utf8");
  const parsed: unknown = JSON.parse(body);

  const app = Fastify({ logger: false });
  app.get("/small", async () => ({ hello: "world" }));
  app.get("/payload", (_request, reply) => {
    reply.type("application/json; charset=utf-8").send(body);
  });
  app.get("/payload-object", async () => parsed);
  const staticFile = process.env.STATIC_FILE;
  if (staticFile) {
    if (!existsSync(staticFile)) throw new Error(`STATIC_FILE ${staticFile} is missing`);
    await app.register(fastifyStatic, { root: dirname(staticFile), prefix: "/static/" });
  }
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  serveParent(address.port, () => app.close());
}

main().catch(failToParent);
