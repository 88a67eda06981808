import { get } from 'node:http';
import { liveEventReader } from '@halcyon/api-client/contract';
import { setupTestServer } from '../harness';
import { createPlan, fund, invest, setupCast } from '../ledger/helpers';

// Issue 29 item 2: GET /api/user/live tells an open dashboard of a change it did not make (an
// admin's decision, earnings) within moments; only the investor's own streams hear it.
const t = setupTestServer();
const { admin, ann, bo } = setupCast(t, { ann: {}, bo: {} });

interface Stream {
  /** The next event's name, or null when none came within `ms`. */
  next(ms?: number): Promise<string | null>;
  close(): void;
  status: number;
}

/**
 * A stream on a connection of its own (node:http, no agent): closing it closes the socket. fetch's
 * shared pool opened spare connections after aborted streams, which held the server's close for
 * a minute (until their header timeout).
 */
function open(token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = get(`${t().url}/api/user/live`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.setEncoding('utf8');
      const events: string[] = [];
      let wake: (() => void) | undefined;
      res.on(
        'data',
        liveEventReader((name) => {
          events.push(name);
          wake?.();
        }),
      );
      res.on('close', () => {
        events.push('end');
        wake?.();
      });
      resolve({
        status: res.statusCode ?? 0,
        async next(ms = 3000) {
          if (!events.length) {
            await new Promise<void>((done) => {
              const timer = setTimeout(done, ms);
              wake = () => {
                clearTimeout(timer);
                done();
              };
            });
          }
          wake = undefined;
          return events.shift() ?? null;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

test('an admin\'s decision reaches the investor\'s open stream at once, and only theirs', async () => {
  const mine = await open(ann.token);
  const theirs = await open(bo.token);
  expect(mine.status).toBe(200);
  expect(await mine.next()).toBe('ready');
  expect(await theirs.next()).toBe('ready');
  try {
    // Approving a deposit (custody → available): one change, to ann's stream.
    await fund(t(), admin, ann, 300);
    expect(await mine.next()).toBe('change');
    // Her own request tells nothing: her page reads again after it anyway.
    const w = await t().call('createWithdrawal', { token: ann.token, body: { method: 'bank', amount: 50, to: ann.uid } });
    expect(w.status).toBe(201);
    expect(await mine.next(300)).toBeNull();
    expect((await t().call('declineWithdrawal', { token: admin.token, params: { id: w.body.data.id } })).status).toBe(200);
    expect(await mine.next()).toBe('change');
    // Earnings move no request's status: they tell too.
    const plan = await createPlan(t(), admin);
    const inv = await invest(t(), ann, plan, 100);
    expect((await t().call('creditEarnings', { token: admin.token, params: { uid: ann.uid }, body: { amount: 5, plan_id: plan, investment_id: inv } })).status).toBe(201);
    expect(await mine.next()).toBe('change');
    expect(await mine.next(300)).toBeNull();
    expect(await theirs.next(300)).toBeNull();
  } finally {
    mine.close();
    theirs.close();
  }
});

test('a stream needs an investor\'s session; ten at most per investor', async () => {
  expect((await t().request('GET', '/user/live')).status).toBe(401);
  expect((await t().request('GET', '/user/live', { token: admin.token })).status).toBe(403);
  const tabs = await Promise.all(Array.from({ length: 10 }, () => open(ann.token)));
  try {
    const eleventh = await open(ann.token);
    expect(eleventh.status).toBe(429);
    eleventh.close();
  } finally {
    for (const tab of tabs) tab.close();
  }
});
