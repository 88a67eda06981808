// A small JSON client for setup and verification (the load itself goes through autocannon).
import { randomUUID } from 'node:crypto';

export interface Reply<T = unknown> {
  status: number;
  body: T;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export async function call<T = unknown>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T };
}

/** Throws with the server's answer unless the status is the expected one. */
export async function expectCall<T>(base: string, method: string, path: string, status: number, options?: CallOptions): Promise<T> {
  const reply = await call<T>(base, method, path, options);
  if (reply.status !== status) {
    throw new Error(`${method} ${path}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  }
  return reply.body;
}

export const newKey = (): string => randomUUID();

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool<I, O>(items: readonly I[], limit: number, fn: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const out: O[] = new Array<O>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as I, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
