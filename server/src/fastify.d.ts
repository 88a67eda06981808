import 'fastify';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/types';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    tokens: Tokens;
    mailer: Mailer;
    storage: Storage;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by defineRoute's onRequest hook; null on routes with access 'none'. */
    auth: import('./http/authenticate').AuthInfo | null;
  }
}
