import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIMITS_OFF, callApi, type ApiReply, type ApiRequest } from '@halcyon/test-kit';
import { routes, type ResponseOf, type RouteName, type Routes } from '@halcyon/api-client/contract';
import type { z } from 'zod';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/types';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import { MAIL_JOB } from '../src/mail/outbox';
import { PERIODIC_JOBS } from '../src/jobs';
import { assertLedgerInvariants } from './hooks';
import { rowsOf } from './seed-rows';
import { copyTemplate, TEST_JOBS_SCHEMA } from './template';

export const ADMIN_EMAIL = 'admin@halcyon.test';
export const ADMIN_PASSWORD = 'Lantern-Admin-7391';
// Strong enough for the password rule (api-client/src/contract/rules/password.ts).
export const USER_PASSWORD = 'Quiet-Harbor-4812';

type In<N extends RouteName, K extends 'body' | 'params' | 'query'> = Routes[N] extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

interface CallOptions<N extends RouteName> extends Omit<ApiRequest, 'body'> {
  params?: In<N, 'params'>;
  query?: In<N, 'query'>;
  body?: In<N, 'body'> | FormData | Record<string, unknown>;
}

export interface TestUser {
  uid: string;
  token: string;
  name: string;
  username: string;
  email: string;
  phone: string;
  password: string;
}

export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL URL of this server's own database (a second connection); undefined on PGlite. */
  databaseUrl: string | undefined;
  config: Config;
  /** Mails the server sent since the last reset (the transport double; the outbox table has them too). */
  mails: MailMessage[];
  close(): Promise<void>;
  /** Empties every table but schema_migrations and app_secrets; the migrations' rows and the first admin come back. */
  reset(): Promise<void>;
  /** A request to `/api<path>`; the body is parsed JSON (or the text when not JSON). */
  request<T = Record<string, unknown>>(method: string, path: string, options?: ApiRequest): Promise<ApiReply<T>>;
  /** A request to any absolute path of the server (static files, /config.json). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** One route of the contract by name, path parameters filled in. */
  call<N extends RouteName>(name: N, options?: CallOptions<N>): Promise<ApiReply<ResponseOf<N> & { message?: string; code?: string }>>;
  /** Registers a fresh investor through the API and logs them in. */
  registerUser(overrides?: Partial<{ name: string; username: string; email: string; phone: string; password: string; remember: boolean }>): Promise<TestUser>;
  /** Logs in the first admin (ADMIN_EMAIL from the test config). */
  loginAdmin(): Promise<{ uid: string; token: string }>;
  /** A token signed by the server's key, without logging in (tv: token_version, default 0). */
  tokenFor(uid: string, role: 'user' | 'admin', options?: { tv?: number; ttlSeconds?: number }): string;
}

let counter = 0;
const unique = () => `${process.pid}${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * A real server on 127.0.0.1:<random port> over a fresh copy of the run's migrated template
 * (template.ts): PGlite in memory, or a database of DATABASE_URL's PostgreSQL server. Rate limits
 * are off unless `overrides` sets them. The job queue only stores jobs (the harness delivers mails
 * with `jobs.settle`) unless `deps.workJobs` is true, for the tests of the queue and its periodic jobs.
 */
async function startTestServer(overrides: Partial<Config> = {}, deps: Omit<AppDeps, 'db'> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halcyon-test-'));
  const { db, url: databaseUrl, drop, seed } = await copyTemplate();
  const config = loadConfig(
    {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Limits off (the list the journeys use too); the tests of each limit turn it back on.
      ...LIMITS_OFF,
      MATURITY_INTERVAL_MS: '0',
      LEDGER_SEAL_INTERVAL_MS: '0',
      // Tests run the sweep themselves (sweepUnreferencedUploads), never on a timer.
      UPLOAD_SWEEP_INTERVAL_MS: '0',
      JOBS_SCHEMA: TEST_JOBS_SCHEMA,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { scryptCost: 1024, checkResponses: true, ...overrides },
  );
  const mails: MailMessage[] = [];
  const transport: Mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  const workJobs = deps.workJobs ?? false;
  const app = await buildApp(config, { db, mailTransport: transport, ...deps, workJobs });
  // The first admin buildApp created is a seed row too: a reset puts it back as it was, instead of
  // hashing its password and creating it again before every test.
  const admin = await rowsOf(db, 'users', "role = 'admin'");
  if (admin) seed.rows.push(admin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The periodic jobs asked for at start have run (intervals are 0 here: no more follow), so no
  // background maturity or sealing run overlaps a test that runs them itself.
  if (workJobs) for (const name of PERIODIC_JOBS) await app.jobs.settle(name);
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // After the answer, work the request started in the background (a reset mail) has finished and
  // the mails it queued are delivered, so assertions see its effects; timing tests that must not
  // wait use fetch directly.
  const request = async <T>(method: string, path: string, options?: ApiRequest) => {
    const reply = await callApi<T>(url, method, path, options);
    await app.background.idle();
    await app.jobs.settle(MAIL_JOB);
    return reply;
  };

  const server: TestServer = {
    url,
    app,
    db,
    databaseUrl,
    config,
    mails,
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async reset() {
      await db.tx(async (q) => {
        // Triggers off for this transaction only (foreign keys included, so any order deletes): the
        // ledger forbids deleting transfers, rightly, outside tests. DELETE, not TRUNCATE: a few rows
        // in each of forty tables, where TRUNCATE makes every table's files anew (most of a reset's time).
        await q.exec(['SET LOCAL session_replication_role = replica', ...seed.tables.map((t) => `DELETE FROM ${t}`)].join(';\n'));
        for (const { table, json, columns } of seed.rows) {
          await q.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`, [json]);
        }
      });
      mails.length = 0;
    },
    request,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    call(name, options = {}) {
      const route = routes[name];
      const params = (options.params ?? {}) as Record<string, string>;
      let path: string = route.path.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
      const query = options.query as Record<string, string | undefined> | undefined;
      if (query) {
        const qs = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)).toString();
        if (qs) path += `?${qs}`;
      }
      return request(route.method, path, options);
    },
    async registerUser(overrides = {}) {
      const id = unique();
      const user = {
        name: overrides.name ?? `Test User ${id}`,
        username: overrides.username ?? `user_${id}`,
        email: overrides.email ?? `user_${id}@example.com`,
        phone: overrides.phone ?? '+14155550123',
        password: overrides.password ?? USER_PASSWORD,
      };
      const reg = await request<{ data?: { uid: string }; message?: string }>('POST', '/auth/register', { body: user });
      if (reg.status !== 201 || !reg.body.data) throw new Error(`registerUser failed: ${reg.status} ${JSON.stringify(reg.body)}`);
      const login = await request<{ token?: string }>('POST', '/auth/login', { body: { email: user.email, password: user.password, remember: overrides.remember } });
      if (login.status !== 200 || !login.body.token) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
      return { ...user, email: user.email.toLowerCase(), uid: reg.body.data.uid, token: login.body.token };
    },
    async loginAdmin() {
      const login = await request<{ token?: string; data?: { uid: string } }>('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      if (login.status !== 200 || !login.body.token || !login.body.data) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
      return { uid: login.body.data.uid, token: login.body.token };
    },
    tokenFor(uid, role, options = {}) {
      return app.tokens.sign({ uid, role, tv: options.tv ?? 0 }, options.ttlSeconds ?? 3600);
    },
  };
  return server;
}

/**
 * The usual test file setup: one server for the file (beforeAll), a clean database before each
 * test, the ledger invariants checked after each test, closed after all.
 * `const t = setupTestServer(); test('...', async () => { const s = t(); ... })`.
 */
export function setupTestServer(overrides: Partial<Config> = {}, deps: Omit<AppDeps, 'db'> = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(overrides, deps);
  }, 60_000);
  beforeEach(async () => {
    await server?.reset();
  });
  afterEach(async () => {
    if (!server) return;
    const { rows } = await server.db.query<{ t: string | null }>("SELECT to_regclass('accounts')::text AS t");
    if (rows[0]?.t) await assertLedgerInvariants(server.db);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('test server not started');
    return server;
  };
}
