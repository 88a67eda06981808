// Issue 7 §7: thousands of generated malformed and hostile requests to every route of the
// contract, as anonymous, investor, admin and with a forged token: never a 5xx, and the ledger
// rules still hold afterwards.
import { maxHeaderSize } from 'node:http';
import fc from 'fast-check';
import { Client } from 'pg';
import { routes, type EndpointDef, type RouteName } from '@halcyon/api-client/contract';
import { expectApi, type Product } from '@halcyon/test-kit';
import { startServer } from '../src/lib/server';
import { newKey } from '../src/lib/http';
import { createDeposit, fundInvestors, loginAdmin, registerInvestors, type Investor } from '../src/lib/fixtures';
import { checkInvariants } from '../src/lib/invariants';
import { caller, hostileHeaders, hostileJson, hostileParam, hostileQuery, poisoned, rawBody, type Caller } from './arbitraries';
import { databaseUrl, describeWithPostgres } from './helpers';

/** Requests per route; 45 routes × 120 ≈ 5,000 requests (under a minute on 2 cores). */
const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 120);

interface Sent {
  route: RouteName;
  method: string;
  path: string;
  as: Caller;
  status: number;
  contentType: string | undefined;
}

describeWithPostgres('hostile input to every route (PostgreSQL)', () => {
  let server: Product;
  let db: Client;
  let admin: string;
  let investor: Investor;
  /** Real ids, so some generated requests reach deep into the handlers. */
  let known: Record<string, string[]>;
  let valid: Partial<Record<RouteName, Record<string, unknown>>>;

  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl() });
    await db.connect();
    server = await startServer({ databaseUrl: databaseUrl(), env: { LOG_LEVEL: 'warn' } });
    admin = await loginAdmin(server.baseUrl);
    [investor] = (await registerInvestors(server.baseUrl, 1, `fuzz${Date.now()}`)) as [Investor];
    await fundInvestors(server.baseUrl, admin, [investor], 500);
    const deposit = await createDeposit(server.baseUrl, investor, 'bitcoin', 20);
    const plan = await expectApi<{ data: { id: string } }>(server.baseUrl, 'POST', '/admin/plans', 201, {
      token: admin,
      body: { name: 'Fuzz plan', minAmount: 10, maxAmount: 100, returns: 5, duration: 10 },
    });
    const inv = await expectApi<{ data: { id: string } }>(server.baseUrl, 'POST', '/investment', 201, {
      token: investor.token,
      idempotencyKey: newKey(),
      body: { plan_id: plan.data.id, amount: 10, method: 'USDT' },
    });
    const withdrawal = await expectApi<{ data: { id: string } }>(server.baseUrl, 'POST', '/withdrawal', 201, {
      token: investor.token,
      idempotencyKey: newKey(),
      body: { method: 'usdt', amount: 5, to: investor.uid, address: 'fuzz' },
    });
    known = { id: [deposit.id, plan.data.id, inv.data.id, withdrawal.data.id], uid: [investor.uid], method: ['bitcoin', 'ethereum', 'solana', 'usdt'] };
    const address = { bitcoin: 'bc1q', ethereum: '0xabc', sol: 'So1', usdt: 'T9' };
    valid = {
      login: { email: investor.email, password: 'wrong-password' },
      register: { name: 'Fuzz Person', username: 'fuzz_person', phone: '+14155550123', email: 'fuzz@halcyon.test', password: 'password-123' },
      forgotPassword: { email: investor.email },
      resetPassword: { email: investor.email, token: 'x', password: 'password-123' },
      registerAdmin: { email: 'fuzz-admin@halcyon.test', password: 'password-123', inviteCode: 'nope' },
      updateProfile: { name: 'Fuzz', dob: '1995-05-05', phoneNumber: '+14155550123', city: 'Lisbon' },
      createDeposit: { method: 'usdt', amount: 10, from: investor.uid },
      createWithdrawal: { method: 'usdt', amount: 1, to: investor.uid, address: 'fuzz' },
      createInvestment: { plan_id: plan.data.id, amount: 10, method: 'USDT' },
      createPlan: { name: 'P', minAmount: 1, maxAmount: 10, returns: 1, duration: 1 },
      creditEarnings: { amount: 1, plan_id: plan.data.id, investment_id: inv.data.id },
      deductEarnings: { amount: 1, plan_id: plan.data.id, investment_id: inv.data.id },
      createTrader: { name: 'T', imageUrl: '/x.png', wins: 1, losses: 1, profitShare: '10%' },
      createWalletAddress: address,
      updateWalletAddress: address,
    };
  });

  afterAll(async () => {
    await server?.stop();
    await db?.end();
  });

  it('answers every generated request below 500 and keeps the ledger consistent', async () => {
    const before = await checkInvariants(db);
    expect(before).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeUserAccounts: [], reservationMismatches: [] });
    const fiveHundreds: Sent[] = [];
    let sent = 0;
    for (const [name, def] of Object.entries(routes) as [RouteName, EndpointDef][]) {
      const paramNames = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      // Closing the fixture investor would only make the rest of the run shallower.
      const paramValue = (p: string) => (name === 'deleteUser' ? hostileParam : fc.oneof(hostileParam, fc.constantFrom(...(known[p] ?? ['x']))));
      const params = fc.tuple(...paramNames.map(paramValue));
      const validBody = valid[name];
      const body: fc.Arbitrary<{ json?: unknown; raw?: string; file?: Uint8Array }> = fc.oneof(
        validBody ? poisoned(validBody).map((json) => ({ json })) : hostileJson.map((json) => ({ json })),
        hostileJson.map((json) => ({ json })),
        rawBody.map((raw) => ({ raw })),
        def.multipart ? fc.uint8Array({ maxLength: 2048 }).map((file) => ({ file })) : fc.constant({}),
        fc.constant({}),
      );
      await fc.assert(
        fc.asyncProperty(caller, params, hostileQuery, body, hostileHeaders, async (as, values, query, payload, headers) => {
          let path: string = def.path;
          paramNames.forEach((p, i) => (path = path.replace(`:${p}`, values[i] ?? '')));
          const h: Record<string, string> = { ...headers };
          if (as === 'user') h.authorization = `Bearer ${investor.token}`;
          if (as === 'admin') h.authorization = `Bearer ${admin}`;
          if (as === 'forged') h.authorization = `Bearer ${investor.token.slice(0, -4)}AAAA`;
          let requestBody: string | FormData | undefined;
          if (def.method !== 'GET') {
            if (payload.file) {
              const form = new FormData();
              form.append('file', new Blob([Buffer.from(payload.file)]), 'x.png');
              requestBody = form;
              delete h['content-type'];
            } else if (payload.raw !== undefined) requestBody = payload.raw;
            else if ('json' in payload) requestBody = JSON.stringify(payload.json);
          }
          let status: number;
          try {
            const res = await fetch(`${server.baseUrl}/api${path}${query}`, { method: def.method, headers: h, body: requestBody });
            await res.arrayBuffer();
            status = res.status;
          } catch (error) {
            // fetch refuses some inputs itself (e.g. a body with GET); those never reach the server.
            if (error instanceof TypeError && !/fetch failed/.test(error.message)) return true;
            // Headers over Node's limit are refused by its HTTP parser (431) and the socket closed
            // while fetch may still be writing the body: a refusal, not a server failure.
            // The limit covers the request line and the headers fetch adds itself (host, user-agent,
            // accept-encoding, sec-fetch-mode, content-length …: under 512 bytes).
            const ours = Object.entries(h).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
            const headerBytes = def.method.length + `/api${path}${query}`.length + ours + 512;
            if (headerBytes <= maxHeaderSize) throw error;
            status = 431;
          }
          sent++;
          if (status >= 500) fiveHundreds.push({ route: name, method: def.method, path, as, status, contentType: h['content-type'] });
          return status < 500;
        }),
        { numRuns: RUNS, endOnFailure: true },
      ).catch((error: unknown) => {
        // Keep going through the other routes; every 5xx is reported together below.
        if (!fiveHundreds.some((f) => f.route === name)) throw error;
      });
    }
    expect(fiveHundreds).toEqual([]);
    expect(sent).toBeGreaterThan(Object.keys(routes).length * RUNS * 0.8);
    const after = await checkInvariants(db);
    expect(after).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeUserAccounts: [], reservationMismatches: [] });
  });
});
