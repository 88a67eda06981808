import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';

/**
 * The stored form of a secret token (revoked tokens, lock links, recovery codes): its hex SHA-256,
 * so a table never holds a usable token.
 */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Revokes one token until its expiry (seconds since the epoch); rows of tokens that expired anyway
 * are dropped on the way, which keeps the table as small as the set of live revoked tokens.
 */
export async function revokeToken(q: Queryable, token: string, exp: number): Promise<void> {
  await q.query('DELETE FROM revoked_tokens WHERE expires_at <= now()');
  await q.query('INSERT INTO revoked_tokens (token_hash, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (token_hash) DO NOTHING', [tokenHash(token), exp]);
}
