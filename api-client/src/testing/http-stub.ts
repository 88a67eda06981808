// The one fetch stub of the component tests (user-app, admin-app): global fetch (what api-client calls)
// answers by "METHOD /api/path" routes with `:param` segments and records every request. Every
// route is checked against the contract (contract/endpoints.ts + routes.ts), so a test cannot
// stub an endpoint that does not exist, answer with a body the server would never send, or let a
// screen send a body the server would refuse.
import { z } from 'zod';
import { ErrorBody } from '../contract/common';
import { routes, type RouteDef, type RouteName } from '../contract/routes';
import { CSV_EXPORTS, type CsvExport } from '../contract/exports';

const API = '/api';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. /api/admin/deposits/d1/bitcoin/approve */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body, the FormData of a multipart upload, or undefined */
  body: unknown;
  /** The caller's abort signal: `signal.aborted` tells whether the screen cancelled this request. */
  signal: AbortSignal;
}

export interface StubReply {
  /** Default: the endpoint's success status (200 or 201). */
  status?: number;
  body?: unknown;
  /** Reject like fetch does when the server cannot be reached. */
  networkError?: true;
  /** Not checked against the contract: see `malformed`. */
  malformed?: true;
  /** A non-JSON body (a CSV export: see `csv`), sent with `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

export type StubHandler = StubReply | ((request: RecordedRequest, params: Record<string, string>) => StubReply | Promise<StubReply>);

export interface HttpStub {
  /** Adds or replaces the answer for `METHOD /api/path/:param`. */
  on(route: string, handler: StubHandler): HttpStub;
  requests: RecordedRequest[];
  /** Requests that matched one route, e.g. `calls('POST /api/withdrawal')`. */
  calls(route: string): RecordedRequest[];
  /** Requests other than GETs: the actions a screen performed. */
  mutations(): RecordedRequest[];
  /** Puts fetch back; throws the contract violations seen during requests, so the test fails. */
  restore(): void;
}

/** A success body: `{ data }`, or `{ data, message }`. */
export const ok = (data: unknown, message?: string): StubReply => ({ body: message === undefined ? { data } : { data, message } });
/** An error as the server sends it: status plus `{ message, code }`. */
export const fail = (status: number, message: string, code = 'ERROR'): StubReply => ({ status, body: { message, code } });
export const networkError: StubReply = { networkError: true };
/** One page of a list: `{ data, page: { nextCursor } }` (null: the last page). */
export const page = (data: unknown[], nextCursor: string | null = null): StubReply => ({ body: { data, page: { nextCursor } } });
/** A CSV export's answer, as the server streams it. */
export const csv = (text: string, filename = 'export.csv'): StubReply => ({
  text,
  headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
});
/**
 * A body the contract forbids, on purpose: only for a screen's own handling of a malformed answer
 * (the spec's 'Invalid data format received'). Every other reply is checked.
 */
export const malformed = (body: unknown): StubReply => ({ body, malformed: true });

interface Pattern {
  method: string;
  segments: string[];
}

const isParam = (segment: string) => segment.startsWith(':');

function parseRoute(route: string): Pattern {
  const [method, path, extra] = route.split(' ');
  if (!method || !path?.startsWith(`${API}/`) || extra !== undefined) throw new Error(`Bad stub route "${route}": expected "METHOD ${API}/path"`);
  return { method, segments: path.slice(API.length).split('/').slice(1) };
}

const exportOf = (pattern: Pattern): CsvExport | undefined => {
  const path = `/${pattern.segments.join('/')}`;
  return pattern.method === 'GET' && path in CSV_EXPORTS ? (path as CsvExport) : undefined;
};

/** The contract endpoint a stub route stands for: same method, each segment equal or a parameter there; an export stands for its list. */
function endpointOf(route: string, pattern: Pattern): RouteName {
  const exported = exportOf(pattern);
  if (exported) return CSV_EXPORTS[exported];
  let best: { name: RouteName; literal: number } | undefined;
  for (const name of Object.keys(routes) as RouteName[]) {
    const def = routes[name];
    const segments = def.path.split('/').slice(1);
    if (def.method !== pattern.method || segments.length !== pattern.segments.length) continue;
    const fits = segments.every((s, i) => s === pattern.segments[i] || isParam(s));
    const literal = segments.filter((s, i) => s === pattern.segments[i]).length;
    if (fits && (!best || literal > best.literal)) best = { name, literal };
  }
  if (!best) throw new Error(`Stub route "${route}" is not in the contract (api-client/src/contract/endpoints.ts)`);
  return best.name;
}

function matcher(pattern: Pattern): (path: string) => Record<string, string> | undefined {
  return (path) => {
    const parts = path.slice(API.length).split('/').slice(1);
    if (!path.startsWith(`${API}/`) || parts.length !== pattern.segments.length) return undefined;
    const params: Record<string, string> = {};
    for (const [i, segment] of pattern.segments.entries()) {
      const part = parts[i] ?? '';
      if (isParam(segment)) params[segment.slice(1)] = decodeURIComponent(part);
      else if (segment !== part) return undefined;
    }
    return params;
  };
}

/** Throws when a reply is not what the server could send for `name`. */
function checkReply(route: string, name: RouteName, reply: StubReply, isExport: boolean): void {
  if (reply.networkError || reply.malformed) return;
  const status = reply.status ?? routes[name].status;
  if (isExport && status < 400) {
    if (typeof reply.text !== 'string') throw new Error(`Stub reply for "${route}" must be CSV text (csv(...))`);
    return;
  }
  const schema: z.ZodType = status >= 400 ? ErrorBody : routes[name].response;
  const parsed = schema.safeParse(reply.body);
  if (!parsed.success) {
    const what = status >= 400 ? `error body (${status})` : `${name} response`;
    throw new Error(`Stub reply for "${route}" does not match the contract's ${what}:\n${z.prettifyError(parsed.error)}`);
  }
}

/** Throws when a screen sent what the server's schema for `name` refuses. */
function checkRequest(request: RecordedRequest, name: RouteName, isExport: boolean): void {
  const def: RouteDef = routes[name];
  const problems: string[] = [];
  // An export is the whole list: never a page of it.
  if (isExport && (request.query.has('limit') || request.query.has('cursor'))) problems.push(`query "${request.query.toString()}": an export takes no limit or cursor`);
  if (def.body && !(request.body instanceof FormData)) {
    const parsed = def.body.safeParse(request.body);
    if (!parsed.success) problems.push(`body ${JSON.stringify(request.body)}:\n${z.prettifyError(parsed.error)}`);
  }
  if (def.query) {
    const parsed = def.query.safeParse(Object.fromEntries(request.query));
    if (!parsed.success) problems.push(`query "${request.query.toString()}":\n${z.prettifyError(parsed.error)}`);
  }
  if (problems.length) throw new Error(`${request.method} ${request.path} sent what the contract's ${name} refuses: ${problems.join('\n')}`);
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

interface Route {
  route: string;
  /** The route with parameter names dropped: `:id` and `:uid` in one place are the same route. */
  key: string;
  method: string;
  endpoint: RouteName;
  /** A CSV export (exports.ts): its query is its list's, its answer text. */
  isExport: boolean;
  match: (path: string) => Record<string, string> | undefined;
  handler: StubHandler;
}

function compile(route: string, handler: StubHandler): Route {
  const pattern = parseRoute(route);
  const endpoint = endpointOf(route, pattern);
  const isExport = exportOf(pattern) !== undefined;
  if (typeof handler !== 'function') checkReply(route, endpoint, handler, isExport);
  const key = `${pattern.method} ${pattern.segments.map((s) => (isParam(s) ? ':' : s)).join('/')}`;
  return { route, key, method: pattern.method, endpoint, isExport, match: matcher(pattern), handler };
}

export function stubHttp(initial: Record<string, StubHandler> = {}): HttpStub {
  const original = globalThis.fetch;
  let table: Route[] = Object.entries(initial).map(([route, handler]) => compile(route, handler));
  const requests: RecordedRequest[] = [];
  const violations: Error[] = [];

  const answer = async (recorded: RecordedRequest): Promise<Response> => {
    const found = table.find((r) => r.method === recorded.method && r.match(recorded.path));
    if (!found) return Response.json({ message: `No stub for ${recorded.method} ${recorded.path}`, code: 'NOT_STUBBED' }, { status: 404 });
    checkRequest(recorded, found.endpoint, found.isExport);
    const reply = typeof found.handler === 'function' ? await found.handler(recorded, found.match(recorded.path) ?? {}) : found.handler;
    if (typeof found.handler === 'function') checkReply(found.route, found.endpoint, reply, found.isExport);
    if (reply.networkError) throw new TypeError('Failed to fetch');
    const init = { status: reply.status ?? routes[found.endpoint].status, ...(reply.headers ? { headers: reply.headers } : {}) };
    return reply.text !== undefined ? new Response(reply.text, init) : Response.json(reply.body ?? null, init);
  };

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const recorded: RecordedRequest = { method: request.method, path: url.pathname, query: url.searchParams, headers: request.headers, body: await readBody(request.clone()), signal: init?.signal ?? request.signal };
    requests.push(recorded);
    try {
      return await answer(recorded);
    } catch (error) {
      // A contract violation inside fetch only reaches the screen as a failed request: keep it
      // for restore(), which fails the test with the real reason.
      if (!(error instanceof TypeError)) violations.push(error as Error);
      throw error;
    }
  }) as typeof fetch;

  const stub: HttpStub = {
    on(route, handler) {
      const compiled = compile(route, handler);
      table = [compiled, ...table.filter((r) => r.key !== compiled.key)];
      return stub;
    },
    requests,
    calls(route) {
      const pattern = parseRoute(route);
      const match = matcher(pattern);
      return requests.filter((r) => r.method === pattern.method && match(r.path));
    },
    mutations: () => requests.filter((r) => r.method !== 'GET'),
    restore() {
      globalThis.fetch = original;
      if (violations.length) throw new Error(violations.map((e) => e.message).join('\n\n'));
    },
  };
  return stub;
}
