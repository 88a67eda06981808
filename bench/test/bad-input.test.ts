// Issue 7 §7: thousands of generated malformed and hostile requests to every route of the
// contract, as anonymous, investor, admin and with a forged token: never a 5xx, and the ledger
// rules still hold afterwards.
import { maxHeaderSize } from 'node:http';
import fc from 'fast-check';
import { Client } from 'pg';
import { routes, type EndpointDef, type RouteName } from '@halcyon/api-client/contract';
import { callApi, createScratchDb, expectApi, pgAdminUrl, type Product, type ScratchDb } from '@halcyon/test-kit';
import { startServer } from '../src/lib/server';
import { newKey } from '../src/lib/http';
import { createDeposit, fundInvestors, loginAdmin, registerInvestors, type Investor } from '../src/lib/fixtures';
import { checkInvariants } from '../src/lib/invariants';
import { badAmountLiteral, caller, hostileHeaders, largeAmountCents, hostileJson, hostileParam, hostileQuery, poisoned, rawBody, type Caller } from './arbitraries';
import { databaseUrl, describeWithPostgres } from './helpers';

/**
 * Requests per route: 80 routes × 60 ≈ 4,800 requests in `pnpm test` (at 120 they were a third of
 * the fault tests' time in CI); BENCH_FUZZ_RUNS=1000 for a deeper run.
 */
const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 60);

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
      register: { name: 'Fuzz Person', username: 'fuzz_person', phone: '+14155550123', email: 'fuzz@halcyon.test', password: 'Fuzzy-Orchard-552' },
      forgotPassword: { email: investor.email },
      resetPassword: { email: investor.email, token: 'x', password: 'Fuzzy-Orchard-552' },
      registerAdmin: { email: 'fuzz-admin@halcyon.test', password: 'Fuzzy-Orchard-552', inviteCode: 'nope' },
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
    expect(before).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] });
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
    expect(after).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] });
  });

  it('refuses exponent and sub-cent amounts on every amount-bearing route with a 400 naming the field', async () => {
    const amountFields = ['amount', 'minAmount', 'maxAmount'];
    const targets = (Object.entries(valid) as [RouteName, Record<string, unknown>][]).flatMap(([name, body]) =>
      Object.keys(body).filter((k) => amountFields.includes(k)).map((field) => ({ name, field, body })),
    );
    expect(targets.map((x) => `${x.name}.${x.field}`).sort()).toEqual([
      'createDeposit.amount', 'createInvestment.amount', 'createPlan.maxAmount', 'createPlan.minAmount', 'createWithdrawal.amount', 'creditEarnings.amount', 'deductEarnings.amount',
    ]);
    // Fresh sessions: the run above may have sent POST /auth/logout with the fixture tokens.
    const adminToken = await loginAdmin(server.baseUrl);
    const userToken = (await expectApi<{ token: string }>(server.baseUrl, 'POST', '/auth/login', 200, { body: { email: investor.email, password: 'bench-password-0' } })).token;
    const before = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers');
    for (const { name, field, body } of targets) {
      const def = routes[name];
      const path = def.path.replace(':uid', investor.uid);
      await fc.assert(
        fc.asyncProperty(badAmountLiteral, async ({ literal, reason }) => {
          // Raw text, so the literal reaches the server as spelled (JSON.stringify would rewrite 1E-10 or -0).
          const raw = JSON.stringify({ ...body, [field]: '@amount@' }).replace('"@amount@"', literal);
          const res = await callApi<{ message: string; code: string }>(server.baseUrl, def.method, path, {
            token: def.access === 'admin' ? adminToken : userToken,
            headers: { 'content-type': 'application/json' },
            body: raw,
          });
          expect({ literal, status: res.status, message: res.body.message }).toEqual({ literal, status: 400, message: `${field}: ${reason}` });
        }),
        { numRuns: 40 },
      );
    }
    const after = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

// Issue 15 item 6: legal amounts that add up past what the API's numbers can hold exactly. Its own
// database, because reaching the ceiling stops every later deposit on it.
describeWithPostgres('oversized totals (PostgreSQL)', () => {
  /** The ledger's gross inflow ceiling: 2^49 cents (docs/ledger.md "Ceiling"). */
  const CEILING_CENTS = 2n ** 49n;
  let scratch: ScratchDb;
  let server: Product;
  let admin: string;
  let investor: Investor & { password: string };
  let plan: string;
  let inv: string;

  beforeAll(async () => {
    scratch = await createScratchDb(pgAdminUrl(), 'halcyon_ceiling');
    server = await startServer({ databaseUrl: scratch.url, env: { LOG_LEVEL: 'warn' } });
    admin = await loginAdmin(server.baseUrl);
    const [first] = (await registerInvestors(server.baseUrl, 1, `ceiling${Date.now()}`)) as [Investor];
    investor = { ...first, password: 'bench-password-0' };
    await fundInvestors(server.baseUrl, admin, [investor], 1000);
    plan = (await expectApi<{ data: { id: string } }>(server.baseUrl, 'POST', '/admin/plans', 201, {
      token: admin,
      body: { name: 'Ceiling plan', minAmount: 10, maxAmount: 100, returns: 5, duration: 10 },
    })).data.id;
    inv = (await expectApi<{ data: { id: string } }>(server.baseUrl, 'POST', '/investment', 201, {
      token: investor.token,
      idempotencyKey: newKey(),
      body: { plan_id: plan, amount: 10, method: 'USDT' },
    })).data.id;
  });

  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
  });

  /** Earnings as every read that sums money shows them; each must answer 200. */
  async function earningsEverywhere(): Promise<number[]> {
    const get = async <T>(method: string, path: string, token?: string, body?: unknown) => {
      const res = await callApi<{ data: T }>(server.baseUrl, method, path, { token, body });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      return res.body.data;
    };
    const profile = await get<{ earnings: number }>('GET', '/user/profile', investor.token);
    const login = await get<{ earnings: number }>('POST', '/auth/login', undefined, { email: investor.email, password: investor.password });
    const users = await get<{ uid: string; earnings: number }[]>('GET', `/admin/users?q=${investor.uid}`, admin);
    const solvency = await get<{ earningsOwed: number }>('GET', '/admin/solvency', admin);
    const investments = await get<{ id: string; earnings: number }[]>('GET', `/admin/investments/all?uid=${investor.uid}`, admin);
    return [profile.earnings, login.earnings, users.find((u) => u.uid === investor.uid)?.earnings ?? NaN, solvency.earningsOwed, investments.find((i) => i.id === inv)?.earnings ?? NaN];
  }

  it('refuses the credit or deposit that would pass the ceiling with 422 LIMIT_EXCEEDED, and every read stays 200 and exact', async () => {
    let inflow = 1000n * 100n;
    let earned = 0n;
    await fc.assert(
      fc.asyncProperty(fc.array(largeAmountCents, { minLength: 1, maxLength: 4 }), async (amounts) => {
        for (const cents of amounts) {
          const res = await callApi<{ code?: string }>(server.baseUrl, 'POST', `/admin/earnings/${investor.uid}`, {
            token: admin,
            idempotencyKey: newKey(),
            body: { amount: cents / 100, plan_id: plan, investment_id: inv },
          });
          const fits = inflow + BigInt(cents) <= CEILING_CENTS;
          expect({ cents, status: res.status, code: res.body.code }).toEqual({ cents, status: fits ? 201 : 422, code: fits ? undefined : 'LIMIT_EXCEEDED' });
          if (fits) {
            inflow += BigInt(cents);
            earned += BigInt(cents);
          }
        }
        const shown = Number(earned) / 100;
        expect(await earningsEverywhere()).toEqual([shown, shown, shown, shown, shown]);
      }),
      { numRuns: 12 },
    );
    // Twelve runs of up to four credits of up to 1e12 USD reach 2^49 cents only by chance: fill the rest.
    while (CEILING_CENTS - inflow >= 1n) {
      const step = CEILING_CENTS - inflow < 100_000_000_000_000n ? CEILING_CENTS - inflow : 100_000_000_000_000n;
      await expectApi(server.baseUrl, 'POST', `/admin/earnings/${investor.uid}`, 201, {
        token: admin,
        idempotencyKey: newKey(),
        body: { amount: Number(step) / 100, plan_id: plan, investment_id: inv },
      });
      inflow += step;
      earned += step;
    }
    const cent = await callApi<{ code: string }>(server.baseUrl, 'POST', `/admin/earnings/${investor.uid}`, {
      token: admin,
      idempotencyKey: newKey(),
      body: { amount: 0.01, plan_id: plan, investment_id: inv },
    });
    expect([cent.status, cent.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    const deposit = await createDeposit(server.baseUrl, investor, 'bitcoin', 1);
    const approve = await callApi<{ code: string }>(server.baseUrl, 'PATCH', `/admin/deposits/${deposit.id}/bitcoin/approve`, { token: admin });
    expect([approve.status, approve.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    const shown = Number(earned) / 100;
    expect(await earningsEverywhere()).toEqual([shown, shown, shown, shown, shown]);
    const db = new Client({ connectionString: scratch.url });
    await db.connect();
    try {
      expect(await checkInvariants(db)).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], figureMismatches: [], negativeUserAccounts: [], reservationMismatches: [], openWithdrawalMismatches: [], inflowMismatches: [] });
    } finally {
      await db.end();
    }
  });
});
