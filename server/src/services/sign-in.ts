import type { AuthResponse, LoginBody, PasskeyChallenge, PasskeyLoginBody, SignInChallengeBody } from '@halcyon/api-client/contract';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { revokeToken } from '../auth/revocations';
import { deviceHash, newDeviceId } from '../auth/devices';
import { endSession, openSession, recordSignIn, recordSuccessfulSignIn, type SessionFactor, type SignInPlace } from '../auth/sessions';
import { REMEMBER_TTL_S, SESSION_TTL_S, newTokenId } from '../auth/tokens';
import { assertionChallenge, verifyAssertion } from '../auth/webauthn';
import type { Queryable } from '../db/types';
import { findUserByEmail, findUserById, type UserRow } from '../db/users';
import type { Deps } from '../deps';
import { badRequest, unauthorized } from '../errors';
import { budgets, spend } from '../limits/budgets';
import { assertNotFrozen } from './account-lock';
import { sendSecurityAlert, signInAlertDetail } from './alerts';
import { passkeysOf } from './passkeys';
import { resetLinkOwner } from './password-reset';
import { adminRecord, userProfile } from './profile';
import { requireSecondFactor } from './second-factor';

// Signing in and out (docs/security.md "Sessions"): a password and the second factor, or a passkey.

type SignInDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'limits' | 'log' | 'hashGate' | 'tokens' | 'background' | 'clock'>;

const BAD_LOGIN = 'Invalid email or password';

/** Where a sign-in comes from, and the device cookie the browser sent (auth/devices.ts): failures are recorded with it. */
export interface SignInOrigin {
  where: SignInPlace;
  deviceId: string | null;
}

/** A sign-in's answer, and the device id the browser's cookie must now hold. */
export interface SignedIn {
  answer: AuthResponse;
  device: string;
}

/**
 * A sign-in that passed (password and second factor, or a passkey): a session of `factor`, the
 * device recorded with the sign-in, and the new-device alert after the answer.
 */
async function completeSignIn(deps: SignInDeps, user: UserRow, from: SignInOrigin, remember: boolean | undefined, factor: SessionFactor | null): Promise<SignedIn> {
  const { db } = deps;
  const { where, deviceId } = from;
  const ttl = remember ? REMEMBER_TTL_S : SESSION_TTL_S;
  const jti = newTokenId();
  const token = deps.tokens.sign({ uid: user.id, role: user.role, tv: user.token_version, jti }, ttl);
  // A browser without a device cookie gets one now; a successful sign-in records it (its hash).
  const device = deviceId ?? newDeviceId();
  const novelty = await db.tx(async (q) => {
    await openSession(q, { id: jti, uid: user.id, expiresAt: Math.floor(deps.clock.now().getTime() / 1000) + ttl, secondFactor: factor, ...where });
    return recordSuccessfulSignIn(q, { uid: user.id, ...where, deviceHash: deviceHash(device) });
  });
  // After the answer: a mail when the device, or its network, is new to the account.
  const detail = signInAlertDetail(novelty, where, deps.clock.now());
  if (detail) deps.background.start('new-device-alert', () => sendSecurityAlert(deps, user, 'new-device', detail));
  const data = user.role === 'admin' ? adminRecord(user) : await userProfile(db, user, deps);
  return { answer: { data, token, message: 'Login Successfully' }, device };
}

const failed = (q: Queryable, uid: string, from: SignInOrigin) => recordSignIn(q, { uid, ...from.where, success: false });

export async function login(deps: SignInDeps, body: LoginBody, from: SignInOrigin): Promise<SignedIn> {
  const { db } = deps;
  const { ip } = from.where;
  await spend(deps, [
    [budgets.loginClient, `${ip}|${body.email}`],
    [budgets.loginAccount, body.email],
    [budgets.loginIp, ip],
  ]);
  const user = await findUserByEmail(db, body.email);
  // Unknown emails cost a hash too, so timing does not tell which emails have accounts.
  const ok = await deps.hashGate.run(() => verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH));
  // Failures are kept for the account's owner to see (an unknown email has no owner).
  if (user && (!ok || user.closed_at)) await failed(db, user.id, from);
  if (!user || !ok || user.closed_at) throw unauthorized(BAD_LOGIN, 'INVALID_CREDENTIALS');
  let factor;
  try {
    // After the password matched, so only its holder learns the account is locked.
    assertNotFrozen(user);
    factor = await requireSecondFactor(deps, user, body, { purpose: 'login', status: 401 });
  } catch (error) {
    if (body.code || user.frozen_at) await failed(db, user.id, from);
    throw error;
  }
  return completeSignIn(deps, user, from, body.remember, factor);
}

/**
 * Passkey options (docs/security.md "Passkeys"): for any passkey of this site the browser holds
 * (no email asked, so none is revealed), or, to confirm a password reset, for the passkeys of the
 * account whose emailed reset link is valid.
 */
export async function signInChallenge(deps: SignInDeps, body: SignInChallengeBody, ip: string): Promise<PasskeyChallenge> {
  await spend(deps, [[budgets.signInChallengeIp, ip]]);
  if (body.purpose === 'login') return assertionChallenge(deps, { uid: null, purpose: 'login' });
  const owner = await resetLinkOwner(deps, body.email ?? '', body.token ?? '');
  if (!owner) throw badRequest('token: this reset link is invalid or has expired');
  return assertionChallenge(deps, { uid: owner.id, purpose: 'reset', allow: await passkeysOf(deps, owner.id) });
}

/** A passkey signs in alone: with user verification it is the device and its unlock, two factors. */
export async function passkeyLogin(deps: SignInDeps, body: PasskeyLoginBody, from: SignInOrigin): Promise<SignedIn> {
  const { db } = deps;
  await spend(deps, [[budgets.loginIp, from.where.ip]]);
  const { uid } = await verifyAssertion(deps, body.passkey, { purpose: 'login', status: 401 });
  const user = await findUserById(db, uid);
  if (!user || user.closed_at) throw unauthorized(BAD_LOGIN, 'INVALID_CREDENTIALS');
  if (user.frozen_at) {
    await failed(db, user.id, from);
    assertNotFrozen(user);
  }
  return completeSignIn(deps, user, from, body.remember, 'passkey');
}

/**
 * Only the presented token's session ends (other devices stay logged in). A token from before
 * sessions is revoked by its hash.
 */
export async function logout(q: Queryable, caller: { uid: string; sessionId?: string | undefined; token: string; exp: number }): Promise<void> {
  const ended = caller.sessionId ? await endSession(q, caller.uid, caller.sessionId, 'logout') : false;
  if (!ended) await revokeToken(q, caller.token, caller.exp);
}
