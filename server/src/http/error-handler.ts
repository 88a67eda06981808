import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Longest request target (path and query) answered normally; longer is a 414. No route or query of
 * the contract comes near it, and a 404 would otherwise echo a multi-kilobyte path back.
 */
const MAX_URL_LENGTH = 4096;

const BAD_JSON = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY', 'INVALID_JSON']);
const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The one place errors become responses: always `{ message, code }`, never a 500 for bad input. */
export function toErrorBody(error: FastifyError | Error): { status: number; message: string; code: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message, code: error.code };
  const e = error as FastifyError;
  const code = typeof e.code === 'string' ? e.code : '';
  if (TOO_LARGE.has(code) || e.statusCode === 413) return { status: 413, message: 'Request is too large', code: 'TOO_LARGE' };
  if (BAD_JSON.has(code) || (error instanceof SyntaxError && e.statusCode === 400)) return { status: 400, message: 'Malformed JSON body', code: 'INVALID_JSON' };
  if (code === 'FST_ERR_BAD_URL') return { status: 400, message: 'Malformed URL: bad percent-encoding', code: 'BAD_URL' };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) return { status: 415, message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' };
  // Text PostgreSQL cannot store (a NUL byte, invalid UTF-8) reached a query: bad input, not a bug.
  if (code === '22021' || code === '22P05') return { status: 400, message: 'Input contains characters that are not allowed', code: 'INVALID_CHARACTERS' };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, message: e.message || 'Bad request', code: code.startsWith('FST_') || !code ? 'BAD_REQUEST' : code };
  }
  return { status: 500, message: 'Internal error', code: 'INTERNAL' };
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  if (body.status >= 500) request.log.error({ err: error }, 'unexpected error');
  else request.log.info({ status: body.status, code: body.code }, body.message);
  if (error instanceof AppError) reply.headers(error.headers);
  return reply.code(body.status).send({ message: body.message, code: body.code });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError(414, 'URL_TOO_LONG', `The URL is longer than ${MAX_URL_LENGTH} characters`);
  });
}

/**
 * Errors Fastify raises before routing (a URL that does not percent-decode) bypass setErrorHandler;
 * this Fastify option sends them through the same answer.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void answerError(error, request, reply);

/**
 * Node's HTTP parser rejects some requests before Fastify sees them (headers or URL over Node's
 * maxHeaderSize, a malformed request line): they get a raw `{ message, code }` answer, then the
 * connection closes since the parser state is unusable.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, body] = tooLarge
    ? [431, 'Request Header Fields Too Large', { message: 'The URL or headers are too large', code: 'HEADERS_TOO_LARGE' }]
    : [400, 'Bad Request', { message: 'Malformed HTTP request', code: 'BAD_REQUEST' }];
  const json = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
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
