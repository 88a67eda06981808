/** An error with its HTTP status and a stable code; the central handler answers `{ message, code }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers, Retry-After on a 429 or 503. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'VALIDATION') => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message = 'You may not do this', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const unprocessable = (message: string, code = 'UNPROCESSABLE') => new AppError(422, code, message);
/** 429 with Retry-After: when the budget that refused has room again. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = s < 60 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? '' : 's'}`;
  return new AppError(429, 'RATE_LIMITED', `Too many attempts, please try again in ${wait}`, { 'retry-after': String(s) });
}
/** 503 with Retry-After: the server is shedding load (e.g. too many password hashes queued). */
export const busy = (retryAfterSeconds = 1) =>
  new AppError(503, 'BUSY', 'The server is busy, please try again in a moment', { 'retry-after': String(retryAfterSeconds) });

/** PostgreSQL unique_violation (23505) on the named constraint or index (any when omitted). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}
