-- Payouts sent on the chain (issue 27; docs/chain.md "Payouts"). An approved withdrawal on a chain
-- with payouts on becomes a payout; a separate signer process (server/src/signer) signs it with
-- the hot wallet's keys, stores the signed bytes, then broadcasts them; the chain's follower sees
-- the transaction and counts its confirmations.

-- 1. One payout per withdrawal, its coin amount fixed at the price when it was approved.
--    queued: waits for the signer; offline: above the hot wallet's limits, waits for an admin's
--    offline signature; signed: the signed bytes are stored, the node has not taken them yet;
--    sent: the node took them (mempool or a block); confirmed: `confirmations_required` deep;
--    failed: the signer refused it for good (last_error says why), for an admin.
CREATE TABLE payouts (
  id bigserial PRIMARY KEY,
  withdrawal_id text NOT NULL UNIQUE REFERENCES withdrawals (id),
  chain text NOT NULL CHECK (chain IN ('bitcoin', 'ethereum', 'bsc')),
  asset text NOT NULL CHECK (asset IN ('btc', 'eth', 'usdt')),
  destination text NOT NULL,
  units numeric(78, 0) NOT NULL CHECK (units > 0),
  coin_decimals smallint NOT NULL CHECK (coin_decimals BETWEEN 0 AND 36),
  usd_cents bigint NOT NULL CHECK (usd_cents > 0),
  -- The price it was converted at: answer / 10^decimals USD per coin, as of priced_at.
  price_answer numeric(78, 0) NOT NULL CHECK (price_answer > 0),
  price_decimals smallint NOT NULL,
  priced_at timestamptz NOT NULL,
  confirmations_required integer NOT NULL CHECK (confirmations_required > 0),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'offline', 'signed', 'sent', 'confirmed', 'failed')),
  -- The transaction that counts: the current attempt's, or the one a block holds.
  txid text,
  block_height bigint,
  block_hash text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  confirmed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('signed', 'sent', 'confirmed')) = (txid IS NOT NULL)),
  CHECK (block_hash IS NULL OR status IN ('sent', 'confirmed')),
  CHECK (status <> 'confirmed' OR block_hash IS NOT NULL)
);
-- The signer's question (the oldest queued first), the follower's (sent ones in blocks), the
-- admins' (what is not done): each an index, whatever the history's length.
CREATE INDEX payouts_queued ON payouts (id) WHERE status = 'queued';
CREATE INDEX payouts_open ON payouts (chain, status) WHERE status <> 'confirmed';
CREATE INDEX payouts_in_blocks ON payouts (chain, block_height) WHERE block_height IS NOT NULL;

-- 2. Every signed transaction of a payout, stored before it is broadcast: a signer that dies
--    between signing and broadcasting sends these same bytes again, never new ones. A
--    replacement (a stuck transaction, same inputs or nonce) is a new attempt; both are kept.
CREATE TABLE payout_transactions (
  chain text NOT NULL CHECK (chain IN ('bitcoin', 'ethereum', 'bsc')),
  txid text NOT NULL,
  payout_id bigint NOT NULL REFERENCES payouts (id),
  attempt integer NOT NULL CHECK (attempt > 0),
  raw text NOT NULL,
  fee_units numeric(78, 0) NOT NULL CHECK (fee_units >= 0),
  -- EVM: the hot address's nonce it uses. Bitcoin: the outputs it spends ("txid:vout").
  nonce bigint,
  inputs text[],
  -- hot: signed by the signer; offline: signed elsewhere and uploaded by an admin.
  signed_by text NOT NULL CHECK (signed_by IN ('hot', 'offline')),
  signer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  broadcast_at timestamptz,
  PRIMARY KEY (chain, txid),
  UNIQUE (payout_id, attempt)
);
CREATE INDEX payout_transactions_payout ON payout_transactions (payout_id);

-- 3. The next nonce of each hot EVM address, taken under its row lock: two signers never sign
--    two transactions with one nonce, and none is skipped.
CREATE TABLE signer_nonces (
  chain text NOT NULL CHECK (chain IN ('ethereum', 'bsc')),
  address text NOT NULL,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  PRIMARY KEY (chain, address)
);

-- 4. What each signer process last said of itself and of the hot wallet, for the admins' panel.
CREATE TABLE signer_status (
  signer text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL,
  -- Per chain: the hot address, its balance (units, a decimal string) and the limits.
  wallets jsonb NOT NULL DEFAULT '{}',
  last_error text
);

-- 5. A payout above the hot limits is paid from the offline (cold) wallet: the signer prepares the
--    unsigned transaction (a BIP174 PSBT, or an unsigned EIP-1559 transaction) and what the signed
--    one must be; an admin downloads it, signs it on the offline device and uploads it; the signer
--    checks it (destination, amount, chain, nonce, coins) before it is stored and broadcast.
CREATE TABLE payout_offline (
  payout_id bigint PRIMARY KEY REFERENCES payouts (id),
  format text NOT NULL CHECK (format IN ('psbt', 'evm')),
  unsigned text NOT NULL,
  -- What the signed transaction is checked against (the coins, the change script; the nonce, the sender).
  expected jsonb NOT NULL,
  prepared_at timestamptz NOT NULL DEFAULT now(),
  uploaded text,
  uploaded_by text,
  uploaded_at timestamptz,
  -- Why the last upload was refused; the payout stays offline for another.
  rejection text
);

-- 6. The signer's database role: the payout tables only (no users, no ledger, no withdrawals).
--    NOLOGIN: an operator gives a login role of their own membership in it (docs/chain.md).
--    A role is the cluster's, not the database's: another database of the cluster may have made it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'halcyon_signer') THEN
    CREATE ROLE halcyon_signer NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
GRANT SELECT, UPDATE ON payouts TO halcyon_signer;
GRANT SELECT, INSERT, UPDATE ON payout_transactions TO halcyon_signer;
GRANT SELECT, INSERT, UPDATE ON signer_nonces TO halcyon_signer;
GRANT SELECT, INSERT, UPDATE ON signer_status TO halcyon_signer;
GRANT SELECT, INSERT, UPDATE ON payout_offline TO halcyon_signer;
