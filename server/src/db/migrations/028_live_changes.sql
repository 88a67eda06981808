-- Issue 29 item 2: an open dashboard hears of a change to the investor's money or requests within
-- moments (GET /api/user/live, server/src/features/live). Each change the investor did not make
-- themselves NOTIFYs the channel with their id: an admin's or the chain's decision on a deposit,
-- withdrawal or investment (a status change), and earnings credited or deducted. PostgreSQL
-- delivers it to every process's LISTEN connection at commit, and a rolled-back change says
-- nothing. Their own requests (an INSERT) notify nothing: the page that sent one reads again.
CREATE FUNCTION notify_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('halcyon_user_changes', NEW.uid);
  RETURN NULL;
END
$$;

CREATE TRIGGER deposits_live AFTER UPDATE OF status ON deposits
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_owner_change();
CREATE TRIGGER withdrawals_live AFTER UPDATE OF status ON withdrawals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_owner_change();
CREATE TRIGGER investments_live AFTER UPDATE OF status ON investments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_owner_change();

-- Earnings move no request's status: the owner is the earnings account's (a primary key lookup).
CREATE FUNCTION notify_earnings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('halcyon_user_changes', a.owner) FROM accounts a WHERE a.id IN (NEW.debit_account, NEW.credit_account) AND a.owner IS NOT NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER transfers_live_earnings AFTER INSERT ON transfers
  FOR EACH ROW WHEN (NEW.kind IN ('earnings_credit', 'earnings_deduct')) EXECUTE FUNCTION notify_earnings_change();
