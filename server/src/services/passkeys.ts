import type { Deps } from '../deps';
import type { Passkey, PasskeyChallenge, StepUpBody } from '@halcyon/api-client/contract';
import { assertionChallenge, registrationChallenge, verifyAssertion, verifyRegistration, type Binding, type PasskeyAnswer, type StoredPasskey } from '../auth/webauthn';
import type { UserRow } from '../db/users';
import { AppError, conflict, notFound, unprocessable } from '../errors';
import { usdToCents } from '../ledger/money';
import { sendSecurityAlert } from './alerts';
import { withdrawalDestination } from './payout-book';
import { requireIdentity } from './second-factor';

type PasskeyDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'log' | 'clock'>;
type IdentityDeps = Parameters<typeof requireIdentity>[0];
type Identity = Parameters<typeof requireIdentity>[2];

// The passkeys of an account (docs/security.md "Passkeys"): several, named, removable; adding
// and removing are security changes (the route asks the password or a passkey) and are mailed.

const MAX_PASSKEYS = 20;

interface PasskeyRow extends StoredPasskey {
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toPasskey = (r: PasskeyRow): Passkey => ({ id: r.id, name: r.name, createdAt: r.created_at.toISOString(), lastUsedAt: r.last_used_at?.toISOString() ?? null });

/** The account's passkeys, oldest first. */
export async function passkeysOf(deps: PasskeyDeps, uid: string): Promise<PasskeyRow[]> {
  const { rows } = await deps.db.query<PasskeyRow>('SELECT id, uid, name, public_key, counter, transports, created_at, last_used_at FROM passkeys WHERE uid = $1 ORDER BY created_at, id LIMIT $2', [uid, MAX_PASSKEYS]);
  return rows;
}

export async function listPasskeys(deps: PasskeyDeps, uid: string): Promise<Passkey[]> {
  return (await passkeysOf(deps, uid)).map(toPasskey);
}

/** Adding one is a security change: the password (or a passkey) in the same request. */
export async function startRegistration(deps: IdentityDeps, user: UserRow, identity: Identity): Promise<PasskeyChallenge> {
  await requireIdentity(deps, user, identity);
  const existing = await passkeysOf(deps, user.id);
  if (existing.length >= MAX_PASSKEYS) throw unprocessable(`An account can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`, 'TOO_MANY_PASSKEYS');
  return registrationChallenge(deps, user, existing);
}

/** Adds the passkey the authenticator created for the registration challenge; mailed to the owner. */
export async function addPasskey(deps: PasskeyDeps, user: UserRow, answer: PasskeyAnswer, name: string): Promise<Passkey> {
  const credential = await verifyRegistration(deps, user.id, answer);
  const row = await deps.db.tx(async (q) => {
    const inserted = await q.query<PasskeyRow>(
      `INSERT INTO passkeys (id, uid, name, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO NOTHING RETURNING id, uid, name, public_key, counter, transports, created_at, last_used_at`,
      [credential.id, user.id, name, credential.publicKey, credential.counter, credential.transports],
    );
    const added = inserted.rows[0];
    if (!added) return null;
    await q.query('UPDATE users SET passkey_count = passkey_count + 1 WHERE id = $1', [user.id]);
    await sendSecurityAlert(deps, user, 'passkey-added', `Passkey: ${name}, at ${deps.clock.now().toISOString()} (UTC).`, q);
    return added;
  });
  if (!row) throw conflict('This passkey is already registered.', 'PASSKEY_EXISTS');
  return toPasskey(row);
}

/** Removes one of the owner's passkeys, confirmed by the password or a passkey; mailed. */
export async function removePasskey(deps: IdentityDeps, user: UserRow, id: string, identity: Identity): Promise<void> {
  await requireIdentity(deps, user, identity);
  const removed = await deps.db.tx(async (q) => {
    const { rows } = await q.query<{ name: string }>('DELETE FROM passkeys WHERE id = $1 AND uid = $2 RETURNING name', [id, user.id]);
    const gone = rows[0];
    if (!gone) return false;
    await q.query('UPDATE users SET passkey_count = passkey_count - 1 WHERE id = $1', [user.id]);
    await sendSecurityAlert(deps, user, 'passkey-removed', `Passkey: ${gone.name}, at ${deps.clock.now().toISOString()} (UTC).`, q);
    return true;
  });
  if (!removed) throw notFound('Passkey not found', 'PASSKEY_NOT_FOUND');
}

/** What a withdrawal step-up is bound to: its method, amount in cents, and where it pays. */
export function withdrawalBinding(user: UserRow, w: { method: Parameters<typeof withdrawalDestination>[1]; amount: number; address?: string | undefined }): Binding {
  return { method: w.method, amountCents: usdToCents(w.amount), destination: withdrawalDestination(user, w.method, w.address ?? '') };
}

/** An admin decision's binding: the route and the record it decides. */
const decisionBinding = (route: string, id: string): Binding => ({ route, id });

/**
 * REQUIRE_ADMIN_PASSKEY: the passkey assertion an admin money decision carries (body `passkey`),
 * answering a 'decision' challenge bound to this route and record (`:id`, else `:uid`).
 */
export async function requireDecisionPasskey(deps: PasskeyDeps, admin: UserRow, route: string, params: unknown, body: unknown): Promise<void> {
  const p = (params ?? {}) as { id?: string; uid?: string };
  const passkey = (body as { passkey?: PasskeyAnswer } | undefined)?.passkey;
  if (!passkey) {
    throw new AppError(403, 'ADMIN_PASSKEY_REQUIRED', admin.passkey_count > 0 ? 'Confirm this decision with your passkey.' : 'Add a passkey (Security) before making money decisions as an admin.');
  }
  await verifyAssertion(deps, passkey, { purpose: 'decision', uid: admin.id, binding: decisionBinding(route, p.id ?? p.uid ?? '') });
}

/** Options for a step-up assertion by one of `user`'s passkeys, bound to what it confirms. */
export async function startStepUp(deps: PasskeyDeps, user: UserRow, body: StepUpBody): Promise<PasskeyChallenge> {
  const allow = await passkeysOf(deps, user.id);
  if (!allow.length) throw conflict('This account has no passkey yet. Add one on the Security screen.', 'NO_PASSKEY');
  const binding =
    body.purpose === 'withdrawal' ? withdrawalBinding(user, body.withdrawal) : body.purpose === 'decision' ? decisionBinding(body.decision.route, body.decision.id) : {};
  return assertionChallenge(deps, { uid: user.id, purpose: body.purpose, binding, allow });
}
