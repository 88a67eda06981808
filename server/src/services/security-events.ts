import type { Queryable } from '../db/types';

/** Security decisions about an account, kept as its audit trail (migration 022's security_events). */
type SecurityEventKind = 'account-locked' | '2fa-locked' | '2fa-reset-requested' | '2fa-reset-confirmed' | 'password-changed';

export interface SecurityEvent {
  uid: string;
  /** Who decided: a user or admin id, or 'system'. */
  actor: string;
  kind: SecurityEventKind;
  detail: Record<string, unknown>;
}

/** Records one; inside the transaction of what it records. */
export async function recordSecurityEvent(q: Queryable, e: SecurityEvent): Promise<void> {
  await q.query('INSERT INTO security_events (uid, actor, kind, detail) VALUES ($1, $2, $3, $4)', [e.uid, e.actor, e.kind, JSON.stringify(e.detail)]);
}
