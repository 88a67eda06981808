import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, from one middleware built at start. (@fastify/helmet
 * builds helmet anew, CSP directives parsed and validated, on every request: about 5 % of a small
 * request's CPU, bench/RESULTS.md.)
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
