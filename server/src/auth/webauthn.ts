import { randomBytes } from 'node:crypto';
import type { Deps } from '../deps';
import type { AuthenticationResponseJSON, PublicKeyCredentialDescriptorJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Queryable } from '../db/types';
import { AppError } from '../errors';

// WebAuthn for passkeys (docs/security.md "Passkeys"), with @simplewebauthn/server. Challenges
// live in the database (webauthn_challenges, migration 023) so that any process can check an
// answer; each is used once, within CHALLENGE_TTL_MS, for its purpose and binding only.
// User verification (a PIN or biometric on the device) is required everywhere: a passkey then
// stands for two factors, the device and its unlock.

const CHALLENGE_TTL_MS = 5 * 60_000;

/** Loaded on first use: most requests never touch a passkey, and the library (with its CBOR and
 * certificate parsers) was a third of the server's module load time. */
const webauthn = () => import('@simplewebauthn/server');

export type ChallengePurpose = 'register' | 'login' | 'reset' | 'security' | 'withdrawal' | 'decision';
/** What a step-up confirms, fixed when its challenge is issued and compared when it is used. */
export type Binding = Record<string, string | number>;

export interface StoredPasskey {
  id: string;
  uid: string;
  public_key: string;
  counter: string | number;
  transports: string[];
}

/** What a client sends back: the challenge's id and the authenticator's answer. */
export interface PasskeyAnswer {
  challengeId: string;
  response: Record<string, unknown>;
}

export interface IssuedChallenge {
  challengeId: string;
  options: Record<string, unknown>;
}

const passkeyInvalid = (status = 403) => new AppError(status, 'PASSKEY_INVALID', 'That passkey confirmation is not valid or has expired. Try again.');

async function storeChallenge(q: Queryable, c: { uid: string | null; purpose: ChallengePurpose; challenge: string; binding: Binding }): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await q.query('INSERT INTO webauthn_challenges (id, uid, purpose, challenge, binding, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id, c.uid, c.purpose, c.challenge, JSON.stringify(c.binding), new Date(Date.now() + CHALLENGE_TTL_MS),
  ]);
  return id;
}

/** Uses a challenge once: its challenge, owner and binding, or null when it is not open for `purpose`. */
async function takeChallenge(q: Queryable, id: string, purpose: ChallengePurpose): Promise<{ challenge: string; uid: string | null; binding: Binding } | null> {
  const { rows } = await q.query<{ challenge: string; uid: string | null; binding: Binding }>(
    'UPDATE webauthn_challenges SET used_at = now() WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING challenge, uid, binding',
    [id, purpose],
  );
  return rows[0] ?? null;
}

/** What the passkey ceremonies use: challenges in the database, the relying party from config. */
type WebauthnDeps = Pick<Deps, 'db' | 'config' | 'log'>;
const rp = (deps: Pick<Deps, 'config'>) => deps.config.webauthn;
const transportsOf = (t: string[]) => t as NonNullable<PublicKeyCredentialDescriptorJSON['transports']>;

/** Options to add a passkey to `user`'s account (their existing ones excluded: one per authenticator). */
export async function registrationChallenge(deps: WebauthnDeps, user: { id: string; email: string; name: string }, existing: StoredPasskey[]): Promise<IssuedChallenge> {
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: deps.config.brand,
    rpID: rp(deps).rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(deps.db, { uid: user.id, purpose: 'register', challenge: options.challenge, binding: {} });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** Checks the authenticator's answer to a registration challenge of `uid`: the new credential. */
export async function verifyRegistration(deps: WebauthnDeps, uid: string, answer: PasskeyAnswer): Promise<{ id: string; publicKey: string; counter: number; transports: string[] }> {
  const taken = await takeChallenge(deps.db, answer.challengeId, 'register');
  if (!taken || taken.uid !== uid) throw passkeyInvalid(400);
  const { verifyRegistrationResponse } = await webauthn();
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: answer.response as unknown as RegistrationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp(deps).origins,
      expectedRPID: rp(deps).rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.info({ err: error }, 'passkey registration refused');
    throw passkeyInvalid(400);
  }
  if (!result.verified) throw passkeyInvalid(400);
  const { credential } = result.registrationInfo;
  return { id: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: credential.transports ?? [] };
}

/**
 * Options for a passkey assertion: for `uid`'s passkeys (`allow`), or, to sign in, any passkey of
 * this site the browser holds (no list: the browser offers them, and no email is needed).
 */
export async function assertionChallenge(deps: WebauthnDeps, c: { uid: string | null; purpose: ChallengePurpose; binding?: Binding; allow?: StoredPasskey[] }): Promise<IssuedChallenge> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp(deps).rpId,
    userVerification: 'required',
    ...(c.allow ? { allowCredentials: c.allow.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })) } : {}),
  });
  const challengeId = await storeChallenge(deps.db, { uid: c.uid, purpose: c.purpose, challenge: options.challenge, binding: c.binding ?? {} });
  return { challengeId, options: options as unknown as Record<string, unknown> };
}

/** The same binding: the same keys with the same values. */
const sameBinding = (a: Binding, b: Binding) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/**
 * Checks an assertion: the challenge is open for `purpose` (and `uid`'s when it names one), its
 * binding is `binding`, the credential is a registered passkey (of `uid` when given), the signature
 * verifies with user verification, and its counter moved on. The challenge is spent whatever the
 * outcome. Returns the passkey's owner and id; the challenge keeps which passkey answered.
 */
export async function verifyAssertion(
  deps: WebauthnDeps,
  answer: PasskeyAnswer,
  c: { purpose: ChallengePurpose; uid?: string; binding?: Binding; status?: number },
): Promise<{ uid: string; credentialId: string }> {
  const status = c.status ?? 403;
  const taken = await takeChallenge(deps.db, answer.challengeId, c.purpose);
  if (!taken || (taken.uid !== null && c.uid !== undefined && taken.uid !== c.uid)) throw passkeyInvalid(status);
  if (!sameBinding(taken.binding, c.binding ?? {})) {
    throw new AppError(status, 'PASSKEY_BINDING', 'This passkey confirmation was for a different request. Confirm this one again.');
  }
  const credentialId = typeof answer.response.id === 'string' ? answer.response.id : '';
  const { rows } = await deps.db.query<StoredPasskey>('SELECT id, uid, public_key, counter, transports FROM passkeys WHERE id = $1', [credentialId]);
  const stored = rows[0];
  const owner = taken.uid ?? c.uid;
  if (!stored || (owner !== undefined && stored.uid !== owner)) throw passkeyInvalid(status);
  const { verifyAuthenticationResponse } = await webauthn();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: answer.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp(deps).origins,
      expectedRPID: rp(deps).rpId,
      credential: { id: stored.id, publicKey: Buffer.from(stored.public_key, 'base64url'), counter: Number(stored.counter), transports: transportsOf(stored.transports) },
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.info({ err: error }, 'passkey assertion refused');
    throw passkeyInvalid(status);
  }
  if (!result.verified) throw passkeyInvalid(status);
  // The counter only moves on (0 stays 0 for authenticators without one): a cloned key's older
  // count is refused above. One statement: the passkey's use, and which passkey the challenge got.
  await deps.db.query(
    `WITH used AS (UPDATE passkeys SET counter = GREATEST(counter, $2), last_used_at = now() WHERE id = $1)
     UPDATE webauthn_challenges SET credential_id = $1 WHERE id = $3`,
    [stored.id, result.authenticationInfo.newCounter, answer.challengeId],
  );
  return { uid: stored.uid, credentialId: stored.id };
}

/** Notes what a used step-up confirmed (a withdrawal's id): the challenge row is its audit record. */
export async function noteStepUpUse(q: Queryable, challengeId: string, usedFor: string): Promise<void> {
  await q.query('UPDATE webauthn_challenges SET used_for = $2 WHERE id = $1', [challengeId, usedFor]);
}

/** Drops challenges nobody used, a day after they expired (used ones stay as the audit record). */
export async function sweepChallenges(q: Queryable): Promise<void> {
  await q.query("DELETE FROM webauthn_challenges WHERE used_at IS NULL AND expires_at < now() - interval '1 day'");
}
