-- Deposits seen on the chain (issue 26; docs/chain.md).

-- 1. The platform's extended public keys: investors' addresses derive from them; the server never
--    holds a private key. NULL: that chain stays on the spec's single address and manual review.
ALTER TABLE wallet_addresses ADD COLUMN bitcoin_xpub text, ADD COLUMN evm_xpub text;

-- 2. Each investor's own address per key family ('bitcoin': BIP84; 'evm': BIP44 m/44'/60'/0', the
--    same address on Ethereum and BNB Smart Chain), at one derivation index of the key that is
--    never given twice. match_key is what a follower compares: the output script (hex) for
--    Bitcoin, the lowercase 0x address for EVM chains.
CREATE TABLE derivation_counters (
  xpub text PRIMARY KEY,
  next_index integer NOT NULL CHECK (next_index >= 0)
);
CREATE TABLE deposit_addresses (
  uid text NOT NULL REFERENCES users (id),
  family text NOT NULL CHECK (family IN ('bitcoin', 'evm')),
  xpub text NOT NULL,
  derivation_index integer NOT NULL CHECK (derivation_index >= 0),
  address text NOT NULL,
  match_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, family, xpub),
  UNIQUE (xpub, derivation_index),
  UNIQUE (family, match_key)
);

-- 3. A deposit on a watched chain is a quote: the investor's address, the coin amount for the USD
--    asked at the price of the moment, until when that holds, and the confirmations it needs.
--    quoted_cents keeps the USD asked; amount_cents becomes what was credited (the quote, or the
--    payment valued when it confirmed). payment_key names the one payment that paid it, so a
--    payment credits one deposit at most (and transfers_once_per_ref one credit per deposit).
ALTER TABLE deposits
  ADD COLUMN chain text CHECK (chain IN ('bitcoin', 'ethereum', 'bsc')),
  ADD COLUMN pay_address text,
  ADD COLUMN pay_uri text,
  ADD COLUMN crypto_units numeric(78, 0) CHECK (crypto_units > 0),
  ADD COLUMN coin_decimals smallint CHECK (coin_decimals BETWEEN 0 AND 36),
  ADD COLUMN quoted_cents bigint,
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN confirmations_required integer,
  ADD COLUMN payment_key text UNIQUE,
  ADD CONSTRAINT deposits_quote_whole CHECK (
    chain IS NULL OR (pay_address IS NOT NULL AND pay_uri IS NOT NULL AND crypto_units IS NOT NULL AND quoted_cents IS NOT NULL
                      AND coin_decimals IS NOT NULL AND expires_at IS NOT NULL AND confirmations_required IS NOT NULL)
  );
-- A follower's question: this investor's open quotes on this chain, oldest first.
CREATE INDEX deposits_open_quotes ON deposits (uid, chain, created_at) WHERE status = 'pending' AND chain IS NOT NULL;

-- 4. What each follower has read: its cursor, and the hashes of the last blocks (to find the fork
--    point of a reorganisation without asking the node for what it no longer has).
CREATE TABLE chain_cursors (
  chain text PRIMARY KEY CHECK (chain IN ('bitcoin', 'ethereum', 'bsc')),
  height bigint NOT NULL,
  hash text NOT NULL,
  tip_height bigint NOT NULL,
  reorgs integer NOT NULL DEFAULT 0,
  deepest_reorg integer NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE chain_blocks (
  chain text NOT NULL,
  height bigint NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (chain, height)
);

-- 5. Every payment to an investor's address, once per (chain, transaction, output or log index;
--    -1 for the value an EVM transaction itself carries).
--    seen: in a block of the main chain, short of its confirmations; credited; dust (recorded, not
--    credited); orphaned: its block left the chain before it was credited (it comes back to seen if
--    a block includes it again); reorged: credited, then its block left the chain; reversed: a
--    reorged payment no block took back, its credit reversed.
CREATE TABLE chain_payments (
  id bigserial PRIMARY KEY,
  chain text NOT NULL CHECK (chain IN ('bitcoin', 'ethereum', 'bsc')),
  txid text NOT NULL,
  output_index integer NOT NULL CHECK (output_index >= -1),
  uid text NOT NULL REFERENCES users (id),
  address text NOT NULL,
  asset text NOT NULL,
  amount_units numeric(78, 0) NOT NULL CHECK (amount_units > 0),
  block_height bigint,
  block_hash text,
  block_time timestamptz,
  status text NOT NULL CHECK (status IN ('seen', 'credited', 'dust', 'orphaned', 'reorged', 'reversed')),
  -- The quote it pays (linked when first seen), or the deposit its credit created.
  deposit_id text REFERENCES deposits (id),
  valuation text CHECK (valuation IN ('quote', 'late', 'short', 'over', 'unquoted')),
  credited_cents bigint,
  -- A reorged payment is reversed once the follower is this high and no block took it back.
  orphaned_until bigint,
  seen_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  UNIQUE (chain, txid, output_index),
  CHECK ((status IN ('seen', 'credited', 'dust')) = (block_hash IS NOT NULL))
);
-- A reorganisation's question (payments above the fork), the credit's (seen and deep enough), the
-- reversal's (reorged and past its wait): each reads an index, whatever the history's length.
CREATE INDEX chain_payments_in_blocks ON chain_payments (chain, block_height) WHERE block_height IS NOT NULL;
CREATE INDEX chain_payments_due ON chain_payments (chain, block_height) WHERE status = 'seen';
CREATE INDEX chain_payments_reorged ON chain_payments (chain, orphaned_until) WHERE status = 'reorged';
CREATE INDEX chain_payments_deposit ON chain_payments (deposit_id) WHERE deposit_id IS NOT NULL;

-- 6. A credit whose block left the chain for good is taken back: one more kind of transfer.
ALTER TABLE transfers DROP CONSTRAINT transfers_kind_known;
ALTER TABLE transfers ADD CONSTRAINT transfers_kind_known CHECK (kind IN (
  'deposit', 'deposit_reversal', 'withdrawal_hold', 'withdrawal_payout', 'withdrawal_release',
  'investment_lock', 'investment_stop_principal', 'maturity_principal', 'maturity_earnings',
  'earnings_credit', 'earnings_deduct'
));

-- 7. An account whose credited deposit left the chain waits for an admin's review.
ALTER TABLE users ADD COLUMN review_reason text, ADD COLUMN review_since timestamptz;

-- 8. Reserves (docs/chain.md "Reserves"): what the chain holds at every derived address, measured
--    now and then by a job and shown beside what the ledger owes.
CREATE TABLE chain_reserves (
  chain text PRIMARY KEY CHECK (chain IN ('bitcoin', 'ethereum', 'bsc')),
  units numeric(78, 0) NOT NULL CHECK (units >= 0),
  addresses integer NOT NULL,
  height bigint,
  measured_at timestamptz NOT NULL DEFAULT now()
);
