-- Issue 29: the investor's "Total portfolio" is everything they own, not only what is available.
-- user_figures (019) gains what is held for open withdrawals and what is locked in investments,
-- read in the same one pass over the investor's few accounts. A new column list is a new return
-- type: the function is dropped and created again (nothing stores a reference to it).
DROP FUNCTION user_figures(text[]);
CREATE FUNCTION user_figures(p_uids text[])
RETURNS TABLE (uid text, btc text, usdt text, eth text, sol text, earnings text, deposits text, withdrawals text, held text, invested text, copy_traders text[])
LANGUAGE sql STABLE AS $$
  SELECT ids.id,
         COALESCE(acc.btc, 0)::text, COALESCE(acc.usdt, 0)::text, COALESCE(acc.eth, 0)::text, COALESCE(acc.sol, 0)::text,
         COALESCE(acc.earnings, 0)::text, COALESCE(acc.deposits, 0)::text, COALESCE(acc.withdrawals, 0)::text,
         COALESCE(acc.held, 0)::text, COALESCE(acc.invested, 0)::text,
         COALESCE((SELECT array_agg(c.trader_id ORDER BY c.created_at, c.trader_id) FROM user_copy_traders c WHERE c.user_id = ids.id), '{}'::text[])
    FROM unnest(p_uids) AS ids(id)
    CROSS JOIN LATERAL (
      SELECT SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'btc') AS btc,
             SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'usdt') AS usdt,
             SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'eth') AS eth,
             SUM(a.balance) FILTER (WHERE a.kind = 'available' AND a.asset = 'sol') AS sol,
             SUM(a.balance) FILTER (WHERE a.kind = 'earnings') AS earnings,
             SUM(a.deposited_cents) AS deposits,
             SUM(a.paid_out_cents) AS withdrawals,
             SUM(a.balance) FILTER (WHERE a.kind = 'held') AS held,
             SUM(a.balance) FILTER (WHERE a.kind = 'invested') AS invested
        FROM accounts a WHERE a.owner = ids.id
    ) acc
$$;
