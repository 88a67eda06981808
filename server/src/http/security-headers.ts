import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What every answer of the JSON API carries instead of the pages' set (OWASP REST Security Cheat
 * Sheet): never stored by a browser or proxy (profiles, balances, addresses), nothing in it may
 * load, run or be framed, HTTPS only, no MIME sniffing, no referrer.
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** The JSON API: /api but its documentation pages (/api/docs, HTML that needs the page headers). */
const isApi = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every answer: the API's fixed set on /api, helmet's page set (CSP for the
 * shell, remotes and widgets) everywhere else, from one middleware built at start. (@fastify/helmet
 * builds helmet anew, CSP directives parsed and validated, on every request: about 5 % of a small
 * request's CPU; the page set is also 1.4 kB per answer, bench/RESULTS.md.)
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) {
      void reply.headers(API_HEADERS);
      done();
      return;
    }
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
