import { type ApiError, MESSAGES } from "@sawdust/shared";

/**
 * A non-OK answer from the API. `message` follows the spec's generic rule (section 8):
 * "status: statusText" from 500 up, otherwise "status: server message".
 */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";

  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's `message` when it answered JSON `{ message }`, else the raw body text. */
    readonly body: string,
  ) {
    super(status >= 500 ? `${status}: ${statusText}` : `${status}: ${body}`);
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

type JsonBody = Record<string, unknown> | unknown[];

interface RequestOptions {
  body?: JsonBody;
  signal?: AbortSignal;
  /** A save made from one version of what it changes: the server refuses it (412) on another. */
  ifMatch?: string;
}

// Checked by hand rather than with ZApiError: zod would weigh more than the rest of this client.
function isApiErrorBody(value: unknown): value is ApiError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/** The server's `message` when it answered `{ message, code? }`, else the body as it came. */
async function readErrorBody(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    return isApiErrorBody(parsed) ? parsed.message : text;
  } catch {
    return text;
  }
}

async function readSuccessBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

/** How calls reach the API: the browser's fetch, or the server's own when it renders a page. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Sends this module's calls through `serverFetch` (the server render, entry-server.tsx, answers
 * them in-process as a visitor's).
 */
export function setApiTransport(serverFetch: typeof fetch): void {
  transport = serverFetch;
}

/**
 * One call to the API: cookies always travel, bodies are JSON, and any non-OK answer becomes an
 * ApiRequestError. A network failure (offline, the server out of reach) rejects with an Error
 * saying so in words a person understands, the browser's own ("Failed to fetch") as its cause; a
 * cancelled call rejects with the browser's AbortError.
 */
async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.ifMatch !== undefined) headers["If-Match"] = options.ifMatch;

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      credentials: "include",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof TypeError) throw new Error(MESSAGES.unreachable, { cause: error });
    throw error;
  }

  if (!response.ok) {
    throw new ApiRequestError(response.status, response.statusText, await readErrorBody(response));
  }
  return response;
}

async function request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  return readSuccessBody<T>(await send(method, path, options));
}

export const api = {
  get: <T>(path: string, options?: Pick<RequestOptions, "signal">) =>
    request<T>("GET", path, options),
  post: <T>(path: string, body?: JsonBody) => request<T>("POST", path, { body }),
  /** A POST whose success status says something (201 made now, 200 there already). */
  postForStatus: async <T>(path: string, body?: JsonBody) => {
    const response = await send("POST", path, { body });
    return { status: response.status, data: await readSuccessBody<T>(response) };
  },
  /** A GET with the version (ETag) it answered, for a save to name with `If-Match`. */
  getVersioned: async <T>(path: string, options?: Pick<RequestOptions, "signal">) => {
    const response = await send("GET", path, options);
    return { data: await readSuccessBody<T>(response), version: response.headers.get("etag") };
  },
  put: <T>(path: string, body?: JsonBody, options?: Pick<RequestOptions, "ifMatch">) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: JsonBody, options?: Pick<RequestOptions, "ifMatch">) =>
    request<T>("PATCH", path, { ...options, body }),
  delete: <T>(path: string, body?: JsonBody) => request<T>("DELETE", path, { body }),
};
