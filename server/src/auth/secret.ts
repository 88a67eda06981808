import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';

/** TOKEN_SECRET, or one generated on first start and kept in app_secrets so restarts keep sessions. */
export async function resolveTokenSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // ON CONFLICT: two processes starting together agree on the first one written.
  await db.query("INSERT INTO app_secrets (name, value) VALUES ('token_secret', $1) ON CONFLICT (name) DO NOTHING", [randomBytes(48).toString('base64url')]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'token_secret'");
  const value = rows[0]?.value;
  if (!value) throw new Error('token secret missing after insert');
  return value;
}
