import Fastify, { type FastifyInstance } from 'fastify';
import { routes, type Transaction, type UserProfile } from '@halcyon/api-client/contract';
import type { Config } from '../../src/config';
import type { Db } from '../../src/db/types';
import { defineRoute, feature, setContractCompilers } from '../../src/http/define-route';
import { registerErrorHandling } from '../../src/http/error-handler';
import { undeclaredKeys } from '../../src/http/response-filter';

// Handlers that leak columns, run through the real defineRoute pipeline on a bare Fastify: only the
// database and the token check are stand-ins (the caller below is always a valid investor).

const profile: UserProfile = {
  uid: 'u1', id: 'u1', role: 'user', name: 'Ann', username: 'ann', email: 'ann@example.com', phoneNumber: '+14155550123',
  dob: null, profilePic: null, state: '', city: '', bankName: '', accountNumber: '', routingNumber: '',
  bitcoin: '', ethereum: '', sol: '', usdt: '', earnings: 0, balance: 0, totalWithdrawals: 0, totalDeposits: 0,
  btcBal: 0, usdtBal: 0, ethBal: 0, solBal: 0, copyTraders: [], createdAt: '2026-01-01T00:00:00.000Z',
};
const transaction: Transaction = {
  id: 't1', type: 'deposit', method: 'bitcoin', amount: 10, status: 'approved', createdAt: '2026-01-01T00:00:00.000Z', source: 'deposit',
  user: { name: 'Ann', email: 'ann@example.com' },
};
const callerRow = { id: 'u1', role: 'user', closed_at: null, token_version: 0 };
const HASH = 'scrypt$1024$c2FsdA$aGFzaA';

interface Bare {
  app: FastifyInstance;
  logs: string[];
}

async function bareApp(strict: boolean, leak: 'extra' | 'missing'): Promise<Bare> {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } } });
  app.decorate('config', { checkResponses: strict } as Config);
  // The one query these routes make reads the caller's users row, with its session still open.
  app.decorate('db', { query: async () => ({ rows: [{ ...callerRow, ended: false, idle: false, stale: false }] }) } as unknown as Db);
  app.decorate('tokens', { verify: () => ({ uid: 'u1', role: 'user', tv: 0 }) } as unknown as FastifyInstance['tokens']);
  app.decorateRequest('auth', null);
  setContractCompilers(app);
  registerErrorHandling(app);
  // The casts are the point: these handlers return what their types forbid, as a buggy query would.
  const login = defineRoute('login', async () =>
    (leak === 'extra'
      ? { token: 'tok', data: { ...profile, passwordHash: HASH }, internal: { tokenVersion: 0 } }
      : { token: 'tok', data: { ...profile, email: undefined } }) as never,
  );
  const history = defineRoute('getTransactions', async () =>
    ({ data: [transaction, { ...transaction, id: 't2', user: { ...transaction.user, password_hash: HASH } }], page: { nextCursor: null } }) as never,
  );
  await app.register(feature(login, history), { prefix: '/api' });
  await app.ready();
  return { app, logs };
}

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ann@example.com', password: 'Secret123!' } });
const history = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api${routes.getTransactions.path}`, headers: { authorization: 'Bearer x' } });

describe('in production (not strict)', () => {
  let bare: Bare;
  beforeAll(async () => {
    bare = await bareApp(false, 'extra');
  });
  afterAll(() => bare.app.close());

  test('an undeclared column never leaves: the body carries exactly the declared fields', async () => {
    const res = await login(bare.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: 'tok', data: profile });
    expect(res.body).not.toContain(HASH);
  });

  test('nested objects inside lists are filtered too', async () => {
    const res = await history(bare.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [transaction, { ...transaction, id: 't2' }], page: { nextCursor: null } });
    expect(res.body).not.toContain(HASH);
  });
});

describe('in test mode (strict)', () => {
  let bare: Bare;
  beforeAll(async () => {
    bare = await bareApp(true, 'extra');
  });
  afterAll(() => bare.app.close());

  test('an undeclared key is a 500 naming the route and the key, in the body and the log', async () => {
    const res = await login(bare.app);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'RESPONSE_CONTRACT',
      message: 'Response of login does not match the contract: undeclared keys data.passwordHash, internal',
    });
    expect(res.body).not.toContain(HASH);
    expect(bare.logs.join('\n')).toContain('Response of login does not match the contract: undeclared keys data.passwordHash, internal');
  });

  test('an undeclared key of a nested row is named with its path', async () => {
    const res = await history(bare.app);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'RESPONSE_CONTRACT', message: 'Response of getTransactions does not match the contract: undeclared key data.1.user.password_hash' });
  });
});

test.each([false, true])('a declared field missing is never sent (strict: %s): 500, logged with route and field', async (strict) => {
  const bare = await bareApp(strict, 'missing');
  try {
    const res = await login(bare.app);
    expect(res.statusCode).toBe(500);
    // Production does not describe its own bug to the caller; tests get the reason in the body.
    expect(res.json()).toEqual(strict ? { code: 'RESPONSE_CONTRACT', message: expect.stringMatching(/^Response of login does not match the contract: data\.email: /) } : { message: 'Internal error', code: 'INTERNAL' });
    expect(bare.logs.join('\n')).toMatch(/Response of login does not match the contract: data\.email: /);
  } finally {
    await bare.app.close();
  }
});

test('undeclaredKeys compares what a handler returned with what the schema kept, at any depth', () => {
  expect(undeclaredKeys({ a: 1, b: { c: 2, d: 3 }, e: [{ f: 1, g: 2 }], u: undefined }, { a: 1, b: { c: 2 }, e: [{ f: 1 }] })).toEqual(['b.d', 'e.0.g']);
  expect(undeclaredKeys({ a: 1 }, { a: 1 })).toEqual([]);
});
