import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { FastifyLoggerOptions, PinoLoggerOptions } from 'fastify/types/logger';

const SECRET_QUERY = /([?&](?:token|email|password)=)[^&]*/gi;

/**
 * Fields of a logged error that name things (the SQLSTATE, the table, the constraint) rather than
 * carry data. Everything else is dropped: a database error's `detail` is the failing row (a users
 * row holds the password hash), `where`/`hint`/`internalQuery` can quote values, and PGlite adds the
 * query text and its `params`.
 */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;
/** PostgreSQL quotes the offending input in messages: `…for type uuid: "<value>"`, `value "<value>" is out of range…`. */
const QUOTED_VALUE = /(: |value )"(?:[^"]|"")*"/g;

const scrub = (text: string) => text.replace(QUOTED_VALUE, '$1"[redacted]"');

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Error serializer: type, message and stack (quoted values masked) plus the naming fields only. */
function serializeError(error: unknown): LoggedError {
  // Some callers log a message string as `err` (the mail outbox).
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)), stack: '' };
  const source = error as unknown as Record<string, unknown>;
  const out: LoggedError = { type: error.constructor.name, message: scrub(error.message), stack: scrub(error.stack ?? '') };
  for (const key of SAFE_ERROR_FIELDS) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/**
 * Pino through Fastify. Requests are logged as method, path and client only: headers (Authorization,
 * cookies) are never logged, query secrets (a reset link's token) are masked, and any object field
 * named like a secret is redacted wherever a log call includes it. Errors (`err`) are logged without
 * row data or query parameters (serializeError).
 */
export function loggerOptions(level: string): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    redact: {
      paths: ['password', 'token', 'authorization', '*.password', '*.token', '*.authorization', 'headers.authorization', 'req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.token'],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), ip: req.ip }),
    },
  };
}

/**
 * Each request as one log line when its answer is sent (method, path with secrets masked, client,
 * status, time), instead of Fastify's two (incoming and completed): at thousands of requests a
 * second the log is a real share of the server's CPU (bench/RESULTS.md, issue 11). Fastify's
 * other log lines are unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Standard output, written asynchronously and in blocks: lines gather until 4 kB or a second has
 * passed and then go out in one write, instead of a write (and a wake-up of libuv's writer thread)
 * per line, which under load was a real share of each request's CPU (bench/RESULTS.md). pino
 * flushes what is left when the process exits; a process killed outright loses at most the last
 * second of lines.
 */
export function logDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
