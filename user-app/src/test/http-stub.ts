// Stubs the network under ky: global fetch answers by "METHOD /path" and records every request,
// so tests assert on the real request the screen sent (method, path, JSON body, headers).

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  /** Parsed JSON body, or the FormData of a multipart upload, or undefined. */
  body: unknown;
}

export interface StubReply {
  status?: number;
  body?: unknown;
}

/** A reply, or a function of the request giving one (may be async to hold a request open). */
export type StubHandler = StubReply | ((req: RecordedRequest) => StubReply | Promise<StubReply>);

export interface HttpStub {
  requests: RecordedRequest[];
  /** Requests for one route, e.g. `calls('POST /api/withdrawal')`. */
  calls(route: string): RecordedRequest[];
  /** Adds or replaces a route. */
  on(route: string, handler: StubHandler): void;
  restore(): void;
}

export const ok = (data: unknown, message?: string): StubReply => ({ status: 200, body: message ? { data, message } : { data } });
export const fail = (status: number, message: string, code = 'ERROR'): StubReply => ({ status, body: { message, code } });

export function stubHttp(routes: Record<string, StubHandler> = {}): HttpStub {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const original = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    let body: unknown;
    if (type.includes('multipart/form-data')) body = await request.formData();
    else {
      const text = await request.text();
      body = text ? (JSON.parse(text) as unknown) : undefined;
    }
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: Object.fromEntries(request.headers.entries()),
      body,
    };
    requests.push(recorded);
    const handler = table.get(`${request.method} ${url.pathname}`);
    const reply = !handler ? fail(404, `No stub for ${request.method} ${url.pathname}`, 'NOT_FOUND') : typeof handler === 'function' ? await handler(recorded) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;

  return {
    requests,
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    on: (route, handler) => void table.set(route, handler),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
