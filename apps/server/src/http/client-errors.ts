import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { MESSAGES } from "@sawdust/shared";

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before any route sees it
 * still gets the site's error shape (`{ message, code }`) instead of Fastify's own
 * (`{ error, message, statusCode }`) — a partner's filter of 300 long tags is an address over
 * Node's 16 kB of headers (431). The connection is closed after the answer, as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Nothing to answer: the other side has gone, or has not finished sending a request at all.
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "request_too_large", MESSAGES.requestTooLarge]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", MESSAGES.requestTimedOut]
        : [400, "not_http", MESSAGES.notHttp];
  endWith(socket, status, code, message);
}

/**
 * The HTTP server's `connect` listener: a CONNECT asks for a tunnel, which Node hands to this
 * event instead of a route; with no listener the connection was closed without a word (round 49).
 */
export function answerConnect(_request: unknown, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // A 405 names the methods there are (RFC 9110 15.5.6).
  endWith(socket, 405, "method_not_allowed", MESSAGES.notAProxy, {
    Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  });
}

/** Writes a whole answer in the site's error shape straight to the socket, and closes it. */
function endWith(
  socket: Socket,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ message, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
