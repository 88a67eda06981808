import type { FastifyLoggerOptions, PinoLoggerOptions } from 'fastify/types/logger';

const SECRET_QUERY = /([?&](?:token|email|password)=)[^&]*/gi;

/**
 * Pino through Fastify. Requests are logged as method, path and client only: headers (Authorization,
 * cookies) are never logged, query secrets (a reset link's token) are masked, and any object field
 * named like a secret is redacted wherever a log call includes it.
 */
export function loggerOptions(level: string): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    redact: {
      paths: ['password', 'token', 'authorization', '*.password', '*.token', '*.authorization', 'headers.authorization', 'req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.replace(SECRET_QUERY, '$1[redacted]'), ip: req.ip }),
    },
  };
}
