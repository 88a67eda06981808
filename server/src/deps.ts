import type { BaseLogger } from 'pino';
import type { HashGate } from './auth/hash-gate';
import type { Chains } from './chain/chains';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Cursors } from './db/keyset';
import type { Db } from './db/types';
import type { BackgroundTasks } from './jobs/background';
import type { JobQueue } from './jobs/queue';
import type { LimitStore } from './limits/store';
import type { Outbox } from './mail/mailer';
import type { Storage } from './storage/storage';

/** What time it is, for services: a test can set it (docs/server.md "Layers"). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Where services log (a request's logger in a route, the app's elsewhere). */
export type Log = Pick<BaseLogger, 'info' | 'warn' | 'error'>;

/**
 * What the server's work is done with, built once by app.ts (docs/server.md "Layers"). A service
 * takes the part it uses, `Pick<Deps, 'db' | 'mailer'>`, never the Fastify instance; a route hands
 * it its context's `deps`.
 */
export interface Deps {
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
  clock: Clock;
  /** The chains deposits are watched on (chain/chains.ts), with their price source. */
  chains: Chains;
  log: Log;
}
