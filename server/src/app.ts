import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import { HashGate } from './auth/hash-gate';
import { resolveTokenSecret } from './auth/secret';
import { Cursors } from './db/keyset';
import { Tokens } from './auth/tokens';
import type { Config } from './config';
import { migrateDb, openDb } from './db';
import type { Db } from './db/types';
import type { UserRow } from './db/users';
import { requireDecisionPasskey } from './services/passkeys';
import { ensureBootstrapAdmin } from './features/auth/bootstrap';
import { features } from './features';
import { registerJobs } from './jobs';
import { BackgroundTasks } from './jobs/background';
import { JobQueue } from './jobs/queue';
import { dbLimitStore } from './limits/db-store';
import type { LimitStore } from './limits/store';
import { setContractCompilers } from './http/define-route';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerJsonParser } from './http/error-handler';
import { contentSecurityPolicy } from './http/csp';
import { registerStatic } from './http/static';
import { outboxMailer } from './mail/outbox';
import type { Mailer } from './mail/mailer';
import { diskStorage } from './storage/disk';
import type { Storage } from './storage/storage';
import { logDestination, loggerOptions, OneLinePerRequest } from './logger';
import { securityHeaders } from './http/security-headers';
import { seedDemo } from './seed/seed';

export interface AppDeps {
  /** An open, already migrated database (tests); otherwise opened from config and closed with the app. */
  db?: Db;
  /** Mail transport after the outbox; default SMTP when SMTP_URL is set, else none (log + outbox). */
  mailTransport?: Mailer | null;
  storage?: Storage;
  /** Rate-limit counters; default Redis when REDIS_URL is set, else the database. Closed with the app. */
  limits?: LimitStore;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** false: the job queue only stores jobs, run on demand with `jobs.settle` (tests); default true. */
  workJobs?: boolean;
}

const trustedHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole server, ready to listen: database migrated, first admin ensured, every route registered. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), stream: deps.logStream ?? logDestination() },
    bodyLimit: config.bodyLimitBytes,
    // A bare hop count Fastify ignores (it cannot check the peer); as a function it counts hops:
    // the socket's peer and the next n-1 X-Forwarded-For entries from the right are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustedHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
    frameworkErrors,
    clientErrorHandler,
  });
  const ownsDb = !deps.db;
  const db = deps.db ?? (await openDb(config));
  app.addHook('onClose', async () => {
    if (ownsDb) await db.close();
  });
  try {
    const applied = await migrateDb(db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    const secret = await resolveTokenSecret(db, config.tokenSecret);
    await ensureBootstrapAdmin(db, config, app.log);

    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('tokens', new Tokens(secret));
    app.decorate('cursors', new Cursors(secret));
    // SMTP and Redis clients are loaded only when configured (dynamic imports: an eighth of the
    // server's module load time for a start that uses neither).
    const mailTransport =
      deps.mailTransport !== undefined ? deps.mailTransport : config.smtpUrl ? (await import('./mail/smtp')).smtpTransport(config.smtpUrl, config.mailFrom) : null;
    app.decorate('jobs', new JobQueue(db, { schema: config.jobs.schema, pollIntervalMs: config.jobs.pollIntervalMs, log: app.log, work: deps.workJobs ?? true }));
    app.decorate('mailer', outboxMailer(db, app.log, app.jobs, mailTransport));
    app.decorate('storage', deps.storage ?? diskStorage(config.dataDir));
    // With REDIS_URL, only a Redis that never evicts keys (limits/redis-store.ts; the start fails otherwise).
    const limits =
      deps.limits ??
      (config.redisUrl
        ? await (await import('./limits/redis-store')).checkedRedisLimitStore(config.redisUrl, { assumeNoEviction: config.redisAssumeNoEviction, log: app.log, fallback: () => dbLimitStore(db) })
        : dbLimitStore(db));
    app.decorate('limits', limits);
    app.decorate('hashGate', new HashGate(config.hashing.concurrency, config.hashing.queue));
    app.decorate('background', new BackgroundTasks(app.log));
    app.decorate('decisionGuard', (admin: UserRow, route: string, params: unknown, body: unknown) => requireDecisionPasskey(app, admin, route, params, body));
    // Closing: answers still in flight end their keep-alive connection, so the server can stop
    // as soon as they are sent (an idle connection is closed at once by Fastify).
    let closing = false;
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    // Before the database closes (onClose): background work still writes to it.
    app.addHook('preClose', async () => {
      closing = true;
      await app.background.idle();
      await app.limits.close();
    });
    app.decorateRequest('auth', null);
    if (config.seedDemo) await seedDemo({ db, config, storage: app.storage, log: app.log });

    setContractCompilers(app);
    registerJsonParser(app, config.bodyLimitBytes);
    registerErrorHandling(app);

    securityHeaders(app, { contentSecurityPolicy: { directives: contentSecurityPolicy(config) }, crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false });
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
      maxAge: 600,
    });
    const { maxEventLoopDelayMs, maxEventLoopUtilization } = config.pressure;
    if (maxEventLoopDelayMs || maxEventLoopUtilization) {
      // Shed load with a quick 503 instead of letting every request time out (docs/server.md "Processes").
      await app.register(underPressure, {
        maxEventLoopDelay: maxEventLoopDelayMs,
        maxEventLoopUtilization,
        pressureHandler: (_request, reply) => {
          void reply.code(503).header('retry-after', '5').send({ message: 'The server is overloaded, please try again in a moment', code: 'OVERLOADED' });
        },
      });
    }
    await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });
    await app.register(swagger, {
      openapi: {
        // 3.1: its schemas are JSON Schema 2020-12, what zod writes (3.0 had its own dialect).
        openapi: '3.1.0',
        info: { title: `${config.brand} API`, version: '1.0.0', description: 'Every error is `{ message, code }`; see docs/api.md.' },
        // Paths start with /api, on the origin that serves this document.
        servers: [{ url: config.publicUrl ?? '/', description: config.publicUrl ? 'This deployment' : 'The origin serving this document' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '') });

    await app.register(
      async (api) => {
        for (const f of features) await api.register(f);
      },
      { prefix: '/api' },
    );
    await registerStatic(app, config);
    registerJobs(app, mailTransport);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
