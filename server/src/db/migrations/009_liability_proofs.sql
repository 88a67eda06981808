-- Proof of liabilities (issue 13 item 4; docs/ledger.md "Proof of liabilities"). A snapshot is a
-- Merkle sum tree over every user's balances, built once and never changed: its root and totals
-- are what the platform publishes; each node is kept so an investor's inclusion proof is
-- log2(users) rows. Sums are comma-separated integer cents in LIABILITY_COLUMNS order.
CREATE TABLE liability_snapshots (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL REFERENCES users (id),
  root_hash text NOT NULL,
  totals text NOT NULL,
  depth integer NOT NULL CHECK (depth >= 0),
  leaf_count integer NOT NULL CHECK (leaf_count >= 0),
  -- The ledger's newest seal when the snapshot was taken (docs/ledger.md "Seals"): publishing it
  -- keeps the seal chain's head outside the database, where a rewrite cannot reach it.
  seal_id bigint,
  seal_hash text
);
CREATE INDEX liability_snapshots_newest ON liability_snapshots (created_at DESC, id DESC);
-- level 0 holds the leaves (and a padding node where a level has an odd count), level `depth` the root.
CREATE TABLE liability_nodes (
  snapshot_id text NOT NULL REFERENCES liability_snapshots (id),
  level integer NOT NULL,
  idx integer NOT NULL,
  hash text NOT NULL,
  sums text NOT NULL,
  PRIMARY KEY (snapshot_id, level, idx)
);
-- Which leaf is whose, with the leaf's secret nonce (given to its owner only: a leaf hash alone
-- reveals nothing about who holds what).
CREATE TABLE liability_leaves (
  snapshot_id text NOT NULL REFERENCES liability_snapshots (id),
  uid text NOT NULL REFERENCES users (id),
  idx integer NOT NULL,
  nonce text NOT NULL,
  PRIMARY KEY (snapshot_id, uid)
);
CREATE FUNCTION liability_proofs_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published liability snapshots are immutable: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER liability_snapshots_immutable BEFORE UPDATE OR DELETE ON liability_snapshots FOR EACH ROW EXECUTE FUNCTION liability_proofs_are_immutable();
CREATE TRIGGER liability_nodes_immutable BEFORE UPDATE OR DELETE ON liability_nodes FOR EACH ROW EXECUTE FUNCTION liability_proofs_are_immutable();
CREATE TRIGGER liability_leaves_immutable BEFORE UPDATE OR DELETE ON liability_leaves FOR EACH ROW EXECUTE FUNCTION liability_proofs_are_immutable();
