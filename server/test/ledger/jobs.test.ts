import { every } from '../../src/jobs/scheduler';
import { setupTestServer } from '../harness';
import { createPlan, figures, fund, invest } from './helpers';

// The scheduler itself, and the maturity job running inside a real server (MATURITY_INTERVAL_MS).
describe('every()', () => {
  /** Resolves once `check()` holds (polling), so a busy machine only makes the test slower. */
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };

  test('runs at once, then on each interval, never overlapping itself; stop waits for the run in progress', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const job = every(
      10,
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        runs++;
        // Longer than the interval: ticks arriving meanwhile must be skipped, not stacked.
        await new Promise((r) => setTimeout(r, 35));
        running--;
      },
      () => undefined,
    );
    expect(runs).toBe(1);
    await until(() => runs >= 3 && running === 1);
    await job.stop();
    expect(running).toBe(0);
    expect(maxRunning).toBe(1);
    const after = runs;
    await new Promise((r) => setTimeout(r, 40));
    expect(runs).toBe(after);
  });

  test('a failing run is reported and the next one still happens', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = every(
      10,
      async () => {
        runs++;
        throw new Error(`run ${runs}`);
      },
      (e) => errors.push(e),
    );
    await until(() => runs >= 2);
    await job.stop();
    expect(errors[0]).toEqual(new Error('run 1'));
  });

  test('interval 0 runs once only', async () => {
    let runs = 0;
    const job = every(0, async () => void runs++, () => undefined);
    await job.firstRun;
    await new Promise((r) => setTimeout(r, 30));
    await job.stop();
    expect(runs).toBe(1);
  });
});

describe('the maturity job in a running server', () => {
  const t = setupTestServer({ maturityIntervalMs: 50 }, { workJobs: true });

  test('settles a due investment by itself within a few intervals', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const plan = await createPlan(t(), admin, { returns: 20 });
    await fund(t(), admin, user, 1000);
    const id = await invest(t(), user, plan, 1000);
    await t().call('approveInvestment', { token: admin.token, params: { id } });
    await t().db.query("UPDATE investments SET end_date = now() - interval '1 second' WHERE id = $1", [id]);
    const deadline = Date.now() + 10_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await t().call('getInvestments', { token: user.token })).body.data[0]?.status ?? '';
      if (status === 'ended') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('ended');
    expect(await figures(t(), user)).toMatchObject({ usdtBal: 1000, earnings: 200 });
  }, 30_000);
});
