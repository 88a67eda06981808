import Fastify, { type FastifyInstance } from 'fastify';
import { HashGate } from './auth/hash-gate';
import { resolveTokenSecret } from './auth/secret';
import { Cursors } from './db/keyset';
import { Tokens } from './auth/tokens';
import type { Config } from './config';
import { buildChains, type Chains } from './chain/chains';
import { systemClock, type Clock, type Deps } from './deps';
import { migrateDb, openDb } from './db';
import type { Db } from './db/types';
import type { UserRow } from './db/users';
import { requireDecisionPasskey } from './services/passkeys';
import { ensureBootstrapAdmin } from './services/bootstrap-admin';
import { features } from './features';
import { registerJobs } from './jobs';
import { BackgroundTasks } from './jobs/background';
import { JobQueue } from './jobs/queue';
import { dbLimitStore } from './limits/db-store';
import type { LimitStore } from './limits/store';
import { named, setContractCompilers } from './http/define-route';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, registerJsonParser } from './http/error-handler';
import { contentSecurityPolicy } from './http/csp';
import { registerStatic, staticRoot } from './http/static';
import { loadFrames } from './http/frames';
import { outboxMailer } from './mail/outbox';
import type { Mailer } from './mail/mailer';
import { diskStorage } from './storage/disk';
import type { Storage } from './storage/storage';
import { logDestination, loggerOptions, OneLinePerRequest } from './logger';
import { securityHeaders } from './http/security-headers';
import { registerCors } from './http/plugins/cors';
import { registerGracefulClose } from './http/plugins/graceful-close';
import { registerLoadShedding } from './http/plugins/load-shedding';
import { registerMultipart } from './http/plugins/multipart';
import { registerOpenApi } from './http/plugins/openapi';
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
  /** The services' time; default the system's. */
  clock?: Clock;
  /** The watched chains; default what config.chain describes. */
  chains?: Chains;
}

const trustedHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The deps object routes hand to services, and each of its parts on the instance for the framework (fastify.d.ts). */
function decorateDeps(app: FastifyInstance, deps: Deps): void {
  app.decorate('deps', deps);
  const { log: _log, ...parts } = deps;
  for (const [name, value] of Object.entries(parts)) app.decorate(name, value as unknown);
}

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

    // SMTP and Redis clients are loaded only when configured (dynamic imports: an eighth of the
    // server's module load time for a start that uses neither).
    const mailTransport =
      deps.mailTransport !== undefined ? deps.mailTransport : config.smtpUrl ? (await import('./mail/smtp')).smtpTransport(config.smtpUrl, config.mailFrom) : null;
    const jobs = new JobQueue(db, { schema: config.jobs.schema, pollIntervalMs: config.jobs.pollIntervalMs, maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds, log: app.log, work: deps.workJobs ?? true });
    // With REDIS_URL, only a Redis that never evicts keys (limits/redis-store.ts; the start fails otherwise).
    const limits =
      deps.limits ??
      (config.redisUrl
        ? await (await import('./limits/redis-store')).checkedRedisLimitStore(config.redisUrl, { assumeNoEviction: config.redisAssumeNoEviction, log: app.log, fallback: () => dbLimitStore(db) })
        : dbLimitStore(db));
    const shared: Deps = {
      db,
      config,
      tokens: new Tokens(secret),
      cursors: new Cursors(secret),
      mailer: outboxMailer(db, app.log, jobs, mailTransport),
      storage: deps.storage ?? diskStorage(config.dataDir),
      limits,
      hashGate: new HashGate(config.hashing.concurrency, config.hashing.queue),
      background: new BackgroundTasks(app.log),
      jobs,
      clock: deps.clock ?? systemClock,
      chains: deps.chains ?? buildChains(config.chain),
      log: app.log,
    };
    decorateDeps(app, shared);
    app.decorate('decisionGuard', (admin: UserRow, route: string, params: unknown, body: unknown) => requireDecisionPasskey(shared, admin, route, params, body));
    registerGracefulClose(app);
    app.decorateRequest('auth', null);
    if (config.seedDemo) await seedDemo({ db, config, storage: shared.storage, log: app.log });

    setContractCompilers(app);
    registerJsonParser(app, config.bodyLimitBytes);
    registerErrorHandling(app);

    const root = staticRoot(config);
    const frames = loadFrames(config, root);
    securityHeaders(app, { contentSecurityPolicy: { directives: contentSecurityPolicy(config, frames.scriptHashes) }, crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: false });
    await registerCors(app, config);
    await registerLoadShedding(app, config);
    await registerMultipart(app, config);
    await registerOpenApi(app, config);

    await app.register(
      named(async (api) => {
        for (const f of features) await api.register(f);
      }, 'api'),
      { prefix: '/api' },
    );
    await registerStatic(app, config, root, frames);
    registerJobs(app, mailTransport);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
