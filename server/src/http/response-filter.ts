import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * A response that does not match its route's schema, naming the route and the field. Logged as a
 * 500 either way; only in strict mode (tests) does the message reach the response body.
 */
function contractError(route: string, detail: string, strict: boolean): Error {
  const message = `Response of ${route} does not match the contract: ${detail}`;
  return strict ? new AppError(500, 'RESPONSE_CONTRACT', message) : new Error(message);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Paths of keys the handler returned that the parsed output dropped, i.e. keys no schema declares
 * (`data.0.passwordHash`). Undefined values are skipped: JSON never carries them.
 */
export function undeclaredKeys(raw: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((item, i) => undeclaredKeys(item, parsed[i], `${path}${i}.`));
  if (!isRecord(raw) || !isRecord(parsed)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!(key in parsed)) out.push(`${path}${key}`);
    else out.push(...undeclaredKeys(value, parsed[key], `${path}${key}.`));
  }
  return out;
}

/** `<path>: <reason>`; a union that matched no option is described by its closest option. */
function issueText(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union') {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]?.[0];
    if (closest) return issueText(closest, path);
  }
  return `${path.map(String).join('.') || '(body)'}: ${issue.message}`;
}

/**
 * What leaves the server for a route: the handler's result parsed by the route's response schema,
 * so only declared fields are sent (zod objects drop unknown keys, nested ones too). A result the
 * schema refuses (a declared field missing or mistyped) is never sent: 500. `strict` (tests) also
 * refuses undeclared keys instead of dropping them, so a leaking handler fails its tests.
 */
export function filterResponse(route: string, schema: z.ZodType, result: unknown, strict: boolean): unknown {
  const parsed = schema.safeParse(result);
  if (!parsed.success) throw contractError(route, parsed.error.issues[0] ? issueText(parsed.error.issues[0]) : 'invalid', strict);
  if (strict) {
    const extra = undeclaredKeys(result, parsed.data);
    if (extra.length) throw contractError(route, `undeclared ${extra.length === 1 ? 'key' : 'keys'} ${extra.slice(0, 5).join(', ')}`, strict);
  }
  return parsed.data;
}
