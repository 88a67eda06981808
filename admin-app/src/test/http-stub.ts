/**
 * Network-layer stub for screen tests: replaces global `fetch` (what ky calls), routes each
 * request by `METHOD /path` with `:param` segments, answers with contract-shaped JSON and
 * records every request so tests can assert what was sent.
 */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /api/admin/deposits/d1/bitcoin/approve */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body, the FormData of a multipart upload, or undefined */
  body: unknown;
}

export interface StubReply {
  status?: number;
  body?: unknown;
  /** Reject like fetch does when the server cannot be reached (the screens' fallback texts). */
  networkError?: true;
}

export type StubHandler = StubReply | ((request: RecordedRequest, params: Record<string, string>) => StubReply | Promise<StubReply>);

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: StubHandler;
}

export interface HttpStub {
  /** Adds or replaces the answer for `METHOD /api/path/:param`. */
  on(route: string, handler: StubHandler): HttpStub;
  requests: RecordedRequest[];
  /** Requests other than GETs: the actions a screen performed. */
  mutations(): RecordedRequest[];
  restore(): void;
}

function compile(route: string, handler: StubHandler): Route {
  const [method, path] = route.split(' ');
  if (!method || !path) throw new Error(`Bad stub route "${route}"`);
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names, handler };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export function stubHttp(routes: Record<string, StubHandler> = {}): HttpStub {
  const original = globalThis.fetch;
  let table: Route[] = Object.entries(routes).map(([route, handler]) => compile(route, handler));
  const requests: RecordedRequest[] = [];

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request.clone()),
    };
    requests.push(recorded);
    const route = table.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!route) {
      return Response.json({ message: `No stub for ${request.method} ${url.pathname}`, code: 'NOT_STUBBED' }, { status: 404 });
    }
    const match = route.pattern.exec(url.pathname);
    const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match?.[i + 1] ?? '')]));
    const reply = typeof route.handler === 'function' ? await route.handler(recorded, params) : route.handler;
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return Response.json(reply.body ?? {}, { status: reply.status ?? 200 });
  }) as typeof fetch;

  const stub: HttpStub = {
    on(route, handler) {
      const compiled = compile(route, handler);
      table = [compiled, ...table.filter((r) => !(r.method === compiled.method && r.pattern.source === compiled.pattern.source))];
      return stub;
    },
    requests,
    mutations: () => requests.filter((r) => r.method !== 'GET'),
    restore() {
      globalThis.fetch = original;
    },
  };
  return stub;
}

/** An error body as the server sends it (deviations.md). */
export const failWith = (status: number, message: string): StubReply => ({ status, body: { message, code: 'TEST_ERROR' } });
export const networkDown: StubReply = { networkError: true };
export const ok = (body: unknown, status = 200): StubReply => ({ status, body });
