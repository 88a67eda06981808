// The 5 % bundle rule and the pgbench report parsing, without a browser or a database.
import { budgetViolations, lowered, type BudgetRecord } from '../src/lib/budget';
import { median, parseTps } from '../src/benchmarks/pgbench';

const record: BudgetRecord = { gzipBytes: { login: 100_000, dashboard: 200_000 }, recordedAt: '2026-11-22T00:00:00Z' };

describe('bundle budget', () => {
  it('allows growth up to 5 % and any shrinking', () => {
    expect(budgetViolations(record, { login: 105_000, dashboard: 150_000 })).toEqual([]);
  });

  it('names each page that grew more than 5 %', () => {
    expect(budgetViolations(record, { login: 105_001, dashboard: 230_000 })).toEqual([
      'login (/auth/login): 105001 gzip bytes, 5.0 % over the recorded 100000 (limit +5 %)',
      'dashboard (/user/main): 230000 gzip bytes, 15.0 % over the recorded 200000 (limit +5 %)',
    ]);
  });

  it('re-recording only ever lowers a figure', () => {
    expect(lowered(record, { login: 90_000, dashboard: 204_000 })).toEqual({ login: 90_000, dashboard: 200_000 });
    expect(lowered(null, { login: 1, dashboard: 2 })).toEqual({ login: 1, dashboard: 2 });
  });
});

describe('pgbench report', () => {
  it('reads tps without the initial connection time', () => {
    const out = 'latency average = 3.5 ms\ninitial connection time = 12.3 ms\ntps = 2828.931832 (without initial connection time)\n';
    expect(parseTps(out)).toBeCloseTo(2828.93, 2);
    expect(() => parseTps('no numbers')).toThrow('no tps in pgbench output');
  });

  it('takes the median of the runs', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
