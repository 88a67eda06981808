import { endpoints, type EndpointName } from '../contract/endpoints';
import { adminSessionAtom, apiBaseUrl, clearAdminSessionAtom, clearUserSessionAtom, setApiBaseUrl, store, userSessionAtom } from '@halcyon/seam';
import type { CsvExport, ExportQuery } from '../contract/exports';

/** An error response, carrying the server's `message` (spec 8: the client shows it). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A passkey ceremony in the browser that gave no answer (passkeys.ts): the person cancelled or it
 * timed out, the browser cannot, or the authenticator refused. `cancelled` when our own code
 * stopped it (leaving the page, another ceremony): nothing to tell anyone.
 */
export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'PasskeyError';
  }
}

/** The message to show for a failure: the server's (or the passkey's) when there is one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof PasskeyError) return error.message;
  if (!(error instanceof ApiError && error.status > 0 && error.message)) return fallback;
  return error.code === 'VALIDATION' ? plainValidation(error.message) : error.message;
}

/** Fields whose name says nothing to a person. */
const FIELD_NAMES: Record<string, string> = { q: 'Search' };

/**
 * A 400 names the field first for programs ("email: must be a valid email address"); people read
 * "Email must be a valid email address." (issue 29 item 5): the field in words, a sentence when
 * the reason is one ("must …", "is …"), else "Bitcoin xpub: not a …". A nested field is named by
 * its last part.
 */
function plainValidation(message: string): string {
  const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(message);
  if (!match) return message;
  const field = (match[1] ?? '').split('.').pop() ?? '';
  const reason = match[2] ?? '';
  const words = FIELD_NAMES[field] ?? field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const label = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const sentence = /^(must|is|are|should|has|needs|cannot|can)\b/.test(reason) ? `${label} ${reason}` : `${label}: ${reason}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Where the API lives (runtime config); default same-origin `/api`. Kept in the seam (one per page). */
export function configureApi(options: { baseUrl?: string }): void {
  if (options.baseUrl) setApiBaseUrl(options.baseUrl);
}

export type Caller = 'user' | 'admin';

export interface CallOptions {
  /** Whose token an `any` route carries; default: admin under /admin, else user. */
  as?: Caller;
  /** Sent as Idempotency-Key on money POSTs, where it is required: the key of the user's intent (query/intentKey.ts). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function callerFor(name: EndpointName, as?: Caller): Caller | null {
  const access = endpoints[name].access;
  if (access === 'none') return null;
  if (access === 'user' || access === 'admin') return access;
  if (as) return as;
  const inAdmin = typeof window !== 'undefined' && window.location.pathname.startsWith('/admin');
  return inAdmin ? 'admin' : 'user';
}

/** Where a path of the API is, as configured (configureApi). */
export const apiUrl = (path: string): string => `${apiBaseUrl()}${path}`;

/** The token a caller's requests carry (null: signed out). */
export function tokenOf(caller: Caller | null): string | null {
  if (caller === 'user') return store.get(userSessionAtom).token;
  if (caller === 'admin') return store.get(adminSessionAtom).token;
  return null;
}

function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_m, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new ApiError(`Missing path parameter ${key}`, 0, 'CLIENT');
    return encodeURIComponent(String(value));
  });
}

export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  file?: Blob;
  filename?: string;
}

/** Performs one call of the endpoint table and returns the parsed JSON body. */
export async function call(name: EndpointName, input: RawInput = {}, options: CallOptions = {}): Promise<unknown> {
  const endpoint = endpoints[name];
  const caller = callerFor(name, options.as);
  const token = tokenOf(caller);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if ('idempotent' in endpoint && endpoint.idempotent) {
    // No per-call fallback: a fresh key on a retry would move the money twice.
    if (!options.idempotencyKey) throw new ApiError(`${name} needs the Idempotency-Key of its intent`, 0, 'CLIENT');
    headers['idempotency-key'] = options.idempotencyKey;
  }

  const searchParams = searchParamsOf(input.query);
  let body: FormData | undefined;
  if ('multipart' in endpoint && endpoint.multipart && input.file) {
    body = new FormData();
    body.append('file', input.file, input.filename ?? (input.file instanceof File ? input.file.name : 'upload'));
  }
  try {
    const response = await send(`${apiBaseUrl()}${fillPath(endpoint.path, input.params)}`, {
      method: endpoint.method,
      headers,
      query: searchParams,
      ...(body ? { body } : input.body !== undefined ? { json: input.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : {};
  } catch (error) {
    throw await toApiError(error, caller, token);
  }
}

/** A query as sent: blank values dropped (no filter means no parameter: `q=` is no search). */
function searchParamsOf(query: object = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)]])));
}

interface SendInit {
  method?: string;
  headers: Record<string, string>;
  /** Appended as the query string; none (no `?`) when empty. */
  query: Record<string, string>;
  /** Sent JSON.stringify'd as application/json. */
  json?: unknown;
  /** Multipart: fetch sets the content-type with its boundary. */
  body?: FormData;
  signal?: AbortSignal;
}

/** A non-2xx answer, its body already read: the parsed JSON when the server sent JSON, else undefined. */
class HttpError extends Error {
  constructor(
    readonly response: Response,
    readonly data: unknown,
  ) {
    super(`Request failed with status ${response.status}`);
    this.name = 'HttpError';
  }
}

/**
 * One request: fetch itself, with no timeout (spec 7) and no silent retries of money calls.
 * Resolves with a 2xx response; any other status throws an HttpError (toApiError reads it).
 */
async function send(url: string, { method = 'GET', headers, query, json, body, signal }: SendInit): Promise<Response> {
  const search = new URLSearchParams(query).toString();
  const target = search ? `${url}?${search}` : url;
  const init: RequestInit = { method, headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' } };
  if (json !== undefined) init.body = JSON.stringify(json);
  else if (body) init.body = body;
  if (signal) init.signal = signal;
  let response: Response;
  try {
    response = await fetch(target, init);
  } catch (error) {
    // fetch's TypeError says only "Failed to fetch": name the call. An abort (an AbortError) goes on
    // as it is. By name, not instanceof: under jest, Node's fetch throws another realm's TypeError.
    if ((error as { name?: unknown } | null)?.name === 'TypeError') {
      throw new Error(`Request failed due to a network error: ${method} ${target}`, { cause: error });
    }
    throw error;
  }
  if (!response.ok) throw new HttpError(response, await errorBody(response));
  return response;
}

/** An error answer's body, read whole; undefined when it is empty, unreadable, not JSON by its content-type, or broken JSON. */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  const type = (response.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  // application/json and its kin: problem+json, vnd.api+json.
  if (!text || !/\/(?:.*[.+-])?json$/.test(type)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Downloads a CSV export (exports.ts) with the caller's token (admin under /admin/export, else the
 * investor) and saves it under the server's file name. Fails like every call, with an ApiError
 * carrying the server's `{ message }`.
 */
export async function downloadCsv<P extends CsvExport>(path: P, query?: ExportQuery<P>): Promise<void> {
  const caller: Caller = path.startsWith('/admin/') ? 'admin' : 'user';
  const token = tokenOf(caller);
  try {
    const response = await send(`${apiBaseUrl()}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, query: searchParamsOf(query) });
    const named = /filename="?([^";]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    saveFile(await response.blob(), named ?? `${path.slice(path.lastIndexOf('/') + 1)}.csv`);
  } catch (error) {
    throw await toApiError(error, caller, token);
  }
}

/** Hands a file to the browser's downloads: a link to an object URL, clicked, then released. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

async function toApiError(error: unknown, caller: Caller | null, token: string | null): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const status = error.response.status;
    let message = error.response.statusText || `Request failed with status ${status}`;
    let code = 'HTTP_ERROR';
    const body = error.data;
    if (body && typeof body === 'object') {
      const { message: m, code: c } = body as { message?: unknown; code?: unknown };
      if (typeof m === 'string' && m) message = m;
      if (typeof c === 'string' && c) code = c;
    }
    // An expired or revoked token: drop that session so the guards send the person to log in.
    if (status === 401 && token) store.set(caller === 'admin' ? clearAdminSessionAtom : clearUserSessionAtom);
    console.warn(`[api] ${status} ${code}: ${message}`);
    return new ApiError(message, status, code);
  }
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`[api] network error: ${message}`);
  return new ApiError(message, 0, 'NETWORK');
}
