-- Backstop for idempotency (issue 11 item 3; docs/ledger.md "Transfers"): each record's transfer of
-- each kind exists at most once (one hold, one payout or release per withdrawal; one credit per
-- deposit; one lock, one principal return, one returns payout per investment), whatever a bug or a
-- replayed request does above the database. Earnings credits and deductions are the exception: an
-- admin may adjust one investment many times.
CREATE UNIQUE INDEX transfers_once_per_ref ON transfers (ref_type, ref_id, kind)
  WHERE kind NOT IN ('earnings_credit', 'earnings_deduct');
