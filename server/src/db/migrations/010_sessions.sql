-- Sessions and sign-in history (issue 12 item 3; docs/security.md "Sessions"). A session is one
-- login's token (id = the token's jti): where and when it started, when it was last used, and when
-- it ended (logout, or ended by its owner from another session). Every process checks it on every
-- request, so an ended session is refused at once everywhere. Sign-ins (success and failure, for
-- existing accounts) are kept 90 days.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  uid text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text NOT NULL,
  user_agent text NOT NULL,
  ended_at timestamptz,
  ended_by text CHECK (ended_by IN ('logout', 'owner', 'idle'))
);
CREATE INDEX sessions_by_user ON sessions (uid, created_at DESC);
CREATE INDEX sessions_expired ON sessions (expires_at);

CREATE TABLE sign_ins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid text NOT NULL REFERENCES users (id),
  at timestamptz NOT NULL DEFAULT now(),
  ip text NOT NULL,
  user_agent text NOT NULL,
  success boolean NOT NULL
);
CREATE INDEX sign_ins_by_user ON sign_ins (uid, at DESC);
CREATE INDEX sign_ins_at ON sign_ins (at);
