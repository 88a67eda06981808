// The JSON client of the Node-side tests: one request to `<origin>/api<path>`, answered with the
// status and the parsed body, never throwing on a status (callers decide what a failure is).

export interface ApiReply<T = unknown> {
  status: number;
  /** Parsed JSON; the raw text when the answer is not JSON; undefined when it is empty. */
  body: T;
  headers: Headers;
}

export interface ApiRequest {
  token?: string | undefined;
  /** Sent as JSON unless it is FormData or a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

export async function callApi<T = unknown>(origin: string, method: string, path: string, options: ApiRequest = {}): Promise<ApiReply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${origin}/api${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** `callApi`, throwing with the server's answer unless the status is `status`; resolves with the body. */
export async function expectApi<T = unknown>(origin: string, method: string, path: string, status: number, options?: ApiRequest): Promise<T> {
  const reply = await callApi<T>(origin, method, path, options);
  if (reply.status !== status) {
    throw new Error(`${method} ${path}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)?.slice(0, 300)}`);
  }
  return reply.body;
}
