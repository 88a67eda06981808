-- Rate-limit counters shared by every server process (issue 15 items 2-3): one row per budget key
-- and time bucket. Nothing is evicted early, so flooding other keys cannot reset a victim's counter;
-- rows past expires_at are deleted by the store itself. Keys are hashes: no email or IP is stored.
CREATE TABLE limit_counters (
  key text NOT NULL,
  bucket bigint NOT NULL,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, bucket)
);
CREATE INDEX limit_counters_expires_idx ON limit_counters (expires_at);
