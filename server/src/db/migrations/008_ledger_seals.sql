-- Tamper-evident ledger (issue 13 item 3; docs/ledger.md "Seals"). A seal covers the transfers with
-- ids in (previous seal's last_transfer, last_transfer], in id order: their SHA-256 digests (32
-- bytes each, concatenated in id order) and ids are kept, and `hash` chains them to the previous
-- seal's hash. Rewriting, deleting, inserting or reordering a sealed transfer changes what the
-- verifier recomputes. Seals, like transfers, are never updated or deleted.
CREATE TABLE ledger_seals (
  id bigint PRIMARY KEY CHECK (id >= 1),
  first_transfer bigint NOT NULL,
  last_transfer bigint NOT NULL CHECK (last_transfer >= first_transfer),
  transfer_ids bigint[] NOT NULL,
  digests bytea NOT NULL CHECK (length(digests) = 32 * cardinality(transfer_ids)),
  prev_hash text NOT NULL,
  hash text NOT NULL,
  sealed_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION ledger_seals_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger seals are immutable: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER ledger_seals_no_update_delete BEFORE UPDATE OR DELETE ON ledger_seals
  FOR EACH ROW EXECUTE FUNCTION ledger_seals_are_immutable();
CREATE TRIGGER ledger_seals_no_truncate BEFORE TRUNCATE ON ledger_seals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_seals_are_immutable();
