import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const BAD_JSON = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY', 'INVALID_JSON']);
const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The one place errors become responses: always `{ message, code }`, never a 500 for bad input. */
export function toErrorBody(error: FastifyError | Error): { status: number; message: string; code: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message, code: error.code };
  const e = error as FastifyError;
  const code = typeof e.code === 'string' ? e.code : '';
  if (TOO_LARGE.has(code) || e.statusCode === 413) return { status: 413, message: 'Request is too large', code: 'TOO_LARGE' };
  if (BAD_JSON.has(code) || (error instanceof SyntaxError && e.statusCode === 400)) return { status: 400, message: 'Malformed JSON body', code: 'INVALID_JSON' };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) return { status: 415, message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' };
  // Text PostgreSQL cannot store (a NUL byte, invalid UTF-8) reached a query: bad input, not a bug.
  if (code === '22021' || code === '22P05') return { status: 400, message: 'Input contains characters that are not allowed', code: 'INVALID_CHARACTERS' };
  if (e.statusCode === 429) return { status: 429, message: 'Too many requests, please try again later', code: 'RATE_LIMITED' };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, message: e.message || 'Bad request', code: code.startsWith('FST_') || !code ? 'BAD_REQUEST' : code };
  }
  return { status: 500, message: 'Internal error', code: 'INTERNAL' };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ status: body.status, code: body.code }, body.message);
    return reply.code(body.status).send({ message: body.message, code: body.code });
  });
}

/** JSON bodies: empty means none (some clients send the header on an empty POST), bad JSON is a 400. */
export function registerJsonParser(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new AppError(400, 'INVALID_JSON', 'Malformed JSON body'), undefined);
    }
  });
}
