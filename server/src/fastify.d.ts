import 'fastify';
import type { HashGate } from './auth/hash-gate';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Cursors } from './db/keyset';
import type { Db } from './db/types';
import type { BackgroundTasks } from './jobs/background';
import type { JobQueue } from './jobs/queue';
import type { LimitStore } from './limits/store';
import type { Outbox } from './mail/mailer';
import type { Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    tokens: Tokens;
    /** Signs and checks list cursors (db/keyset.ts). */
    cursors: Cursors;
    mailer: Outbox;
    storage: Storage;
    limits: LimitStore;
    hashGate: HashGate;
    background: BackgroundTasks;
    jobs: JobQueue;
    /**
     * Checks an admin money decision (a route marked `decision`) before its handler runs:
     * REQUIRE_ADMIN_PASSKEY's passkey assertion (services/passkeys.ts; app.ts wires it).
     */
    decisionGuard: (admin: import('./db/users').UserRow, route: string, params: unknown, body: unknown) => Promise<void>;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by defineRoute's onRequest hook; null on routes with access 'none'. */
    auth: import('./http/authenticate').AuthInfo | null;
  }
}
