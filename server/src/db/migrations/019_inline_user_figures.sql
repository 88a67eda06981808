-- Redefines user_figures (018, replaced in place: same name and signature) as a SQL function
-- PostgreSQL inlines into the statement that calls it (single SELECT, STABLE, no SET clause): planned with that statement, with no function call,
-- result store or plan of its own per execution. As plpgsql with a forced generic plan, the plan
-- for `owner = ANY(array of unknown length)` read every account of the platform on each profile
-- read once the table was small enough to look cheaper that way (bench/RESULTS.md). Here each
-- investor's accounts are read through accounts_owner_idx, one LATERAL lookup per investor.
-- Callers pass each investor once (a profile: its own id; a page of users: distinct rows).
CREATE OR REPLACE FUNCTION user_figures(p_uids text[])
RETURNS TABLE (uid text, btc text, usdt text, eth text, sol text, earnings text, deposits text, withdrawals text, copy_traders text[])
LANGUAGE sql STABLE AS $$
  SELECT ids.id,
         COALESCE(acc.btc, 0)::text, COALESCE(acc.usdt, 0)::text, COALESCE(acc.eth, 0)::text, COALESCE(acc.sol, 0)::text,
         COALESCE(acc.earnings, 0)::text, COALESCE(acc.deposits, 0)::text, COALESCE(acc.withdrawals, 0)::text,
         COALESCE((SELECT array_agg(c.trader_id ORDER BY c.created_at, c.trader_id) FROM user_copy_traders c WHERE c.user_id = ids.id), '{}'::text[])
    FROM unnest(p_uids) AS ids(id)
    CROSS JOIN LATERAL (
      SELECT SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'btc') AS btc,
             SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'usdt') AS usdt,
             SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'eth') AS eth,
             SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'sol') AS sol,
             SUM(a.balance) FILTER (WHERE a.kind = 'earnings') AS earnings,
             SUM(a.deposited_cents) AS deposits,
             SUM(a.paid_out_cents) AS withdrawals
        FROM accounts a WHERE a.owner = ids.id
    ) acc
$$;
