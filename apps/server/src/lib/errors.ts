/**
 * An error a person caused and can fix: it becomes a 4xx response `{ message, code }`.
 * Anything else that is thrown is a bug and becomes a logged 500.
 */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "bad_request") =>
  new AppError(400, message, code);
export const unauthorized = (message: string, code = "unauthorized") =>
  new AppError(401, message, code);
export const forbidden = (message: string, code = "forbidden") => new AppError(403, message, code);
export const notFound = (message: string, code = "not_found") => new AppError(404, message, code);
export const conflict = (message: string, code = "conflict") => new AppError(409, message, code);
export const preconditionFailed = (message: string, code = "precondition_failed") =>
  new AppError(412, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, "rate_limited", {
    "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
