-- The overview's Total Users without counting a million index entries (issue 10): the number of
-- open investor accounts, kept by the database as users are inserted, closed or change role.
-- Registrations update this one row, so they commit one after another: they are rare next to
-- money moves, which never touch it. `checkLedger` compares it with a count after every server test.
CREATE TABLE open_investor_count (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  n bigint NOT NULL CHECK (n >= 0)
);
INSERT INTO open_investor_count (n) SELECT count(*) FROM users WHERE role = 'user' AND closed_at IS NULL;

CREATE FUNCTION count_open_investors() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.role = 'user' AND OLD.closed_at IS NULL THEN delta := delta - 1; END IF;
  IF TG_OP <> 'DELETE' AND NEW.role = 'user' AND NEW.closed_at IS NULL THEN delta := delta + 1; END IF;
  IF delta <> 0 THEN
    -- An upsert: the row is back after a TRUNCATE of both tables (the test suite's reset).
    INSERT INTO open_investor_count AS c (n) VALUES (GREATEST(delta, 0))
      ON CONFLICT (one) DO UPDATE SET n = c.n + delta;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_count_open_investors AFTER INSERT OR DELETE OR UPDATE OF role, closed_at ON users
  FOR EACH ROW EXECUTE FUNCTION count_open_investors();
