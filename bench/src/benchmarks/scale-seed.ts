// The scale benchmark's data (issue 10): a platform with a year's volume, written by set-based SQL
// in minutes. Triggers are off while loading (session_replication_role = replica), so every
// derived figure the triggers would keep (account balances, ledger_inflow, investments'
// earnings_cents) is computed from the rows afterwards, and the ledger check holds on the result.
import type { Client } from 'pg';

export interface ScaleSizes {
  users: number;
  /** Per user: one approved usdt deposit, and this many more of mixed status and method. */
  depositsPerUser: number;
  /** Every `withdrawEvery`-th user has one withdrawal, every `investEvery`-th (offset 1) one investment. */
  withdrawEvery: number;
  investEvery: number;
  /** Earnings credits per investment: these make up the ledger's transfer count. */
  earningsPerInvestment: number;
}

const FIRST = ['Ann', 'Bo', 'Carla', 'Dmitri', 'Esi', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Lars', 'Mei', 'Nia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq'];
const LAST = ['Lee', 'Chen', 'Okafor', 'Novak', 'Mensah', 'Haddad', 'Hopper', 'Tanaka', 'Duarte', 'Berg', 'Adeyemi', 'Nilsen', 'Wong', 'Kariuki', 'Aziz', 'Patel', 'Byrne', 'Ortiz', 'Lind', 'Rahman'];
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/** The statements, in order; sizes are integers, so they are written into the SQL. */
function seedStatements(s: ScaleSizes, passwordHash: string): Array<[string, string]> {
  const spanDays = 730;
  return [
    ['users', `INSERT INTO users (id, name, username, email, password_hash, role, created_at)
      SELECT 'u' || g, f || ' ' || l, lower(f) || '_' || g, lower(f) || '.' || lower(l) || '.' || g || '@scale.test', '${passwordHash.replace(/'/g, "''")}', 'user',
             now() - make_interval(days => ${spanDays}) + (g::float8 / ${s.users}) * make_interval(days => ${spanDays})
      FROM generate_series(1, ${s.users}) g,
           LATERAL (SELECT (${arr(FIRST)})[1 + g % 20] AS f, (${arr(LAST)})[1 + (g / 20) % 20] AS l) n`],
    ['deposits', `INSERT INTO deposits (uid, requested_method, method, amount_cents, status, created_at, decided_at, decided_by)
      SELECT 'u' || g, m, m, a, st, t, CASE WHEN st = 'pending' THEN NULL ELSE t + interval '1 hour' END, CASE WHEN st = 'pending' THEN NULL ELSE 'system' END
      FROM generate_series(1, ${s.users}) g, generate_series(0, ${s.depositsPerUser}) k,
           LATERAL (SELECT CASE WHEN k = 0 THEN 'usdt' ELSE (ARRAY['bitcoin','ethereum','solana','usdt'])[1 + (g + k) % 4] END AS m,
                           CASE WHEN k = 0 THEN 100000 + (g % 400000) ELSE 1000 + ((g * 7 + k) % 50000) END AS a,
                           CASE WHEN k = 0 THEN 'approved' WHEN (g + k) % 10 < 6 THEN 'approved' WHEN (g + k) % 10 < 9 THEN 'pending' ELSE 'declined' END AS st,
                           now() - make_interval(days => ${spanDays}) + ((g::float8 + k * 0.37) / ${s.users}) * make_interval(days => ${spanDays}) + make_interval(mins => k) AS t) x`],
    ['withdrawals', `INSERT INTO withdrawals (uid, method, asset, address, amount_cents, status, created_at, decided_at)
      SELECT 'u' || g, 'usdt', 'usdt', 'TXscale' || g, 1000 + g % 9000, st, t, CASE WHEN st = 'pending' THEN NULL ELSE t + interval '1 hour' END
      FROM generate_series(${s.withdrawEvery}, ${s.users}, ${s.withdrawEvery}) g,
           LATERAL (SELECT CASE WHEN g % 4 = 0 THEN 'pending' WHEN g % 4 = 1 THEN 'processing' ELSE 'approved' END AS st,
                           now() - make_interval(days => ${spanDays}) + (g::float8 / ${s.users}) * make_interval(days => ${spanDays}) + interval '1 day' AS t) x`],
    ['plan', `INSERT INTO plans (id, name, min_cents, max_cents, returns_bp, duration_days, created_by) VALUES ('scale-plan', 'Scale Gold', 100, 100000000, 1000, 3650, 'system')`],
    ['investments', `INSERT INTO investments (uid, plan_id, plan_name, duration_days, returns_bp, method, asset, amount_cents, status, created_at, end_date)
      SELECT 'u' || g, 'scale-plan', 'Scale Gold', 3650, 1000, 'USDT', 'usdt', 10000 + g % 40000, CASE WHEN g % 20 = 1 THEN 'pending' ELSE 'approved' END, t, t + interval '3650 days'
      FROM generate_series(1, ${s.users}, ${s.investEvery}) g,
           LATERAL (SELECT now() - make_interval(days => ${spanDays}) + (g::float8 / ${s.users}) * make_interval(days => ${spanDays}) + interval '2 days' AS t) x`],
    // The ledger: each approved deposit's credit, each withdrawal's hold (and payout when approved),
    // each investment's lock, and earnings credits on approved investments.
    ['transfers', `INSERT INTO transfers (debit_account, credit_account, asset, amount_cents, kind, actor, reason, ref_type, ref_id, created_at)
      SELECT 'custody:' || a, 'available:' || a || ':' || d.uid, a, d.amount_cents, 'deposit', 'system', 'Deposit approved (' || d.method || ')', 'deposit', d.id, d.decided_at
      FROM deposits d, LATERAL (SELECT CASE d.method WHEN 'bitcoin' THEN 'btc' WHEN 'ethereum' THEN 'eth' WHEN 'solana' THEN 'sol' ELSE 'usdt' END AS a) x
      WHERE d.status = 'approved'
      UNION ALL
      SELECT 'available:usdt:' || w.uid, 'held:usdt:' || w.uid, 'usdt', w.amount_cents, 'withdrawal_hold', w.uid, 'Withdrawal requested (usdt)', 'withdrawal', w.id, w.created_at FROM withdrawals w
      UNION ALL
      SELECT 'held:usdt:' || w.uid, 'custody:usdt', 'usdt', w.amount_cents, 'withdrawal_payout', 'system', 'Withdrawal paid out (usdt)', 'withdrawal', w.id, w.decided_at FROM withdrawals w WHERE w.status = 'approved'
      UNION ALL
      SELECT 'available:usdt:' || i.uid, 'invested:usdt:' || i.uid, 'usdt', i.amount_cents, 'investment_lock', i.uid, 'Invested in plan Scale Gold', 'investment', i.id, i.created_at FROM investments i
      UNION ALL
      SELECT 'returns:usd', 'earnings:usd:' || i.uid, 'usd', 100 + (k * 37) % 900, 'earnings_credit', 'system', 'Earnings credited by admin', 'investment', i.id, i.created_at + make_interval(days => k)
      FROM investments i, generate_series(1, ${s.earningsPerInvestment}) k WHERE i.status = 'approved'
      ORDER BY 10`],
    ['accounts', `INSERT INTO accounts (id, owner, kind, asset, balance, deposited_cents, paid_out_cents)
      SELECT account, split_part(account, ':', 3), split_part(account, ':', 1), split_part(account, ':', 2), SUM(delta), SUM(deposited), SUM(paid_out)
      FROM (SELECT credit_account AS account, amount_cents AS delta, CASE WHEN kind = 'deposit' THEN amount_cents ELSE 0 END AS deposited, 0 AS paid_out FROM transfers
            UNION ALL
            SELECT debit_account, -amount_cents, 0, CASE WHEN kind = 'withdrawal_payout' THEN amount_cents ELSE 0 END FROM transfers) m
      WHERE account LIKE '%:%:%' GROUP BY account`],
    ['platform accounts', `UPDATE accounts a SET balance = m.net FROM (
        SELECT account, SUM(delta) AS net FROM (SELECT credit_account AS account, amount_cents AS delta FROM transfers UNION ALL SELECT debit_account, -amount_cents FROM transfers) x
        WHERE account NOT LIKE '%:%:%' GROUP BY account) m WHERE m.account = a.id`],
    ['ledger_inflow', `UPDATE ledger_inflow SET total = (SELECT COALESCE(SUM(t.amount_cents), 0) FROM transfers t JOIN accounts a ON a.id = t.debit_account WHERE a.owner IS NULL)`],
    ['earnings_cents', `UPDATE investments i SET earnings_cents = e.net FROM (
        SELECT ref_id, SUM(amount_cents) AS net FROM transfers WHERE kind = 'earnings_credit' GROUP BY ref_id) e WHERE e.ref_id = i.id`],
    ['open_withdrawals', `INSERT INTO open_withdrawals (uid, n) SELECT uid, count(*) FROM withdrawals WHERE status IN ('pending', 'processing') GROUP BY uid`],
    ['open_investor_count', `UPDATE open_investor_count SET n = (SELECT count(*) FROM users WHERE role = 'user' AND closed_at IS NULL)`],
  ];
}

/** Loads the data into an empty, migrated database; returns seconds per step. */
export async function seedScale(c: Client, sizes: ScaleSizes, passwordHash: string, log: (line: string) => void): Promise<Array<[string, number]>> {
  const timings: Array<[string, number]> = [];
  await c.query('SET session_replication_role = replica');
  await c.query("SET maintenance_work_mem = '512MB'");
  await c.query("SET work_mem = '256MB'");
  for (const [name, sql] of seedStatements(sizes, passwordHash)) {
    const start = performance.now();
    const r = await c.query(sql);
    const seconds = (performance.now() - start) / 1000;
    timings.push([name, seconds]);
    log(`scale seed: ${name}: ${r.rowCount ?? 0} rows in ${seconds.toFixed(1)} s`);
  }
  await c.query('SET session_replication_role = DEFAULT');
  const start = performance.now();
  await c.query('VACUUM ANALYZE');
  timings.push(['vacuum analyze', (performance.now() - start) / 1000]);
  return timings;
}
