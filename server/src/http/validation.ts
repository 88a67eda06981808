import type { z } from 'zod';
import { badRequest } from '../errors';

type Part = 'body' | 'params' | 'query';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** `<field>: <reason>` for the first issue; a missing field reads 'is required' whatever its type. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown, part: Part): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return `${[...path, issue.keys[0] ?? ''].join('.')}: is not allowed`;
  const field = path.length ? path.join('.') : part;
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return `${field}: is required`;
  if (issue.code === 'invalid_type' && !path.length) return `${part}: must be ${issue.expected === 'object' ? 'a JSON object' : issue.expected}`;
  return `${field}: ${issue.message}`;
}

/** Parses one part of a request with its schema; 400 `{ message: '<field>: <reason>', code: 'VALIDATION' }`. */
export function parsePart<S extends z.ZodType>(schema: S, input: unknown, part: Part): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(issue ? describeIssue(issue, input, part) : `${part}: is invalid`);
}
