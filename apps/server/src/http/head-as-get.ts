import type { FastifyInstance, onSendHookHandler } from "fastify";

/**
 * HEAD answers with the headers its GET would (RFC 9110 §9.3.2), compression's included. Fastify
 * answers HEAD from the GET route with a last onSend step that measures the body and drops it
 * (`headRouteOnSendHandler`); @fastify/compress adds its own onSend step to each route after
 * that one, so it found no body and a HEAD said neither `Content-Encoding` nor
 * `Vary: Accept-Encoding`, with the uncompressed length. Registered after compression, this moves
 * Fastify's step back to the end of each HEAD route's onSend steps.
 */
export function answerHeadAsGet(server: FastifyInstance): void {
  server.addHook("onRoute", (route) => {
    if (route.method !== "HEAD" || !Array.isArray(route.onSend)) return;
    const steps = route.onSend as onSendHookHandler[];
    const at = steps.findIndex((step) => step.name === "headRouteOnSendHandler");
    if (at === -1 || at === steps.length - 1) return;
    const [head] = steps.splice(at, 1);
    if (head) steps.push(head);
  });
}
