-- The users' search text (docs/api.md "Search") as a stored column: a trigram match is always
-- rechecked against the row, and computing lower(name || ' ' || username || ' ' || email) for
-- each candidate cost about as much as reading it (10 of 25 ms for a name 2,500 investors share
-- at a million). Kept by the database on every insert and update of those columns.
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (lower(name || ' ' || username || ' ' || email)) STORED;
CREATE INDEX users_search_text_idx ON users USING gin (search_text public.gin_trgm_ops);
DROP INDEX users_search_idx;
