-- Issue 30 items 4 and 5 (docs/security.md "Alerts"): the device a sign-in came from, and what our
-- mails show of what a person typed.

-- Each sign-in's device (the SHA-256 of the browser's device cookie; NULL without one) and network
-- (IPv4 /24 or IPv6 /48). A sign-in is from a known device only when a successful sign-in of the
-- same account carried the same device cookie before; from a known network when that device
-- signed in from that network before. The index answers these, and whether the account signed in
-- at all before, with one probe each, however long the history (at most 90 days of it: the
-- history sweep).
ALTER TABLE sign_ins ADD COLUMN device_hash text;
ALTER TABLE sign_ins ADD COLUMN network text;
CREATE INDEX sign_ins_known_devices ON sign_ins (uid, device_hash, network) WHERE success;

-- A value a person chose (the anti-phishing phrase) as one line of a mail that no mail client
-- turns into a link: whitespace, control and invisible characters become one space, at most
-- p_max characters, `://` → `[:]//`, a dot inside a host name or between digits → `[.]`. The same
-- steps as mailLine (server/src/mail/mail-line.ts), which renders names; a test compares them.
CREATE FUNCTION mail_line(p text, p_max integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(
           regexp_replace(
             replace(CASE WHEN char_length(s) > p_max THEN left(s, p_max - 1) || '…' ELSE s END, '://', '[:]//'),
             '(?<=[^ .\u3002\uff0e\uff61])[.\u3002\uff0e\uff61](?=[^ .\u3002\uff0e\uff61]{2})', '[.]', 'g'),
           '(?<=[0-9])[.](?=[0-9])', '[.]', 'g')
    FROM (SELECT btrim(regexp_replace(COALESCE(p, ''),
                 '[\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u200e\u200f\u2028-\u202f\u205f-\u2064\u2066-\u2069\u3000\ufeff]+', ' ', 'g'), ' ') AS s) AS collapsed
$$;

-- mail_outbox_add (migration 018) with the phrase through mail_line: a phrase stored before the
-- contract refused line breaks and links (or written any other way) cannot add lines or a link
-- to the top of a real mail.
CREATE OR REPLACE FUNCTION mail_outbox_add(p_id text, p_to text, p_subject text, p_body text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox (id, to_address, subject, body)
  SELECT p_id, p_to, p_subject,
         COALESCE((SELECT 'Your anti-phishing phrase: ' || phrase.line || E'\n\n'
                   FROM users u CROSS JOIN LATERAL (SELECT mail_line(u.anti_phishing_phrase, 60) AS line) phrase
                   WHERE u.email = p_to AND phrase.line <> ''), '') || p_body;
END
$$;
