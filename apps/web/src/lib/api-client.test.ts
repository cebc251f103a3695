import { MESSAGES } from "@sawdust/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, api } from "./api-client";

function answer(
  status: number,
  statusText: string,
  body: string | null,
  contentType = "application/json",
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(body, { status, statusText, headers: { "content-type": contentType } }),
    ),
  );
}

async function failure(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiRequestError))
    throw new Error(`expected ApiRequestError, got ${error}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("says in words that the server could not be reached, keeping the browser's error", async () => {
    const offline = new TypeError("Failed to fetch");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(offline)),
    );
    const error = await api.get("/api/v1/images").catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(MESSAGES.unreachable);
    expect((error as Error).cause).toBe(offline);
    // A cancelled call stays the browser's AbortError, which callers tell apart.
    const aborted = new DOMException("The operation was aborted.", "AbortError");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(aborted)),
    );
    await expect(api.get("/api/v1/images")).rejects.toBe(aborted);
  });

  it("sends cookies and a JSON body", async () => {
    answer(200, "OK", '{"ok":true}');
    await expect(api.post("/api/v1/auth/login", { username: "ada" })).resolves.toEqual({
      ok: true,
    });
    expect(fetch).toHaveBeenCalledWith(
      "/api/v1/auth/login",
      expect.objectContaining({
        method: "POST",
        credentials: "include",
        body: '{"username":"ada"}',
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
  });

  it("reads an empty success body as undefined", async () => {
    answer(204, "No Content", null);
    await expect(api.delete("/api/v1/things/1")).resolves.toBeUndefined();
  });

  it("words a 4xx with the server's message", async () => {
    answer(401, "Unauthorized", '{"message":"Invalid username or password","code":"bad"}');
    const error = await failure(api.post("/api/v1/auth/login", {}));
    expect(error.message).toBe("401: Invalid username or password");
    expect(error.status).toBe(401);
    expect(error.body).toBe("Invalid username or password");
  });

  it("falls back to the raw body when it is not an error object", async () => {
    answer(404, "Not Found", "no such page", "text/plain");
    const error = await failure(api.get("/api/v1/nothing"));
    expect(error.message).toBe("404: no such page");
  });

  it("words a 5xx with the status text only", async () => {
    answer(502, "Bad Gateway", '{"message":"upstream exploded"}');
    const error = await failure(api.get("/api/v1/images"));
    expect(error.message).toBe("502: Bad Gateway");
    expect(error.statusText).toBe("Bad Gateway");
  });

  it("tells the status of a POST when asked, and fails as every call does", async () => {
    answer(200, "OK", '{"id":4}');
    await expect(
      api.postForStatus("/api/v1/collections/4/images", { imageId: 1 }),
    ).resolves.toEqual({ status: 200, data: { id: 4 } });
    answer(403, "Forbidden", '{"message":"not yours"}');
    const error = await failure(api.postForStatus("/api/v1/collections/4/images"));
    expect(error.message).toBe("403: not yours");
  });
});
