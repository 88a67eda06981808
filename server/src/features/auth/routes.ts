import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResponse } from '@halcyon/api-client/contract';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeToken } from '../../auth/revocations';
import { deviceCookie, deviceHash, deviceIdFrom, newDeviceId } from '../../auth/devices';
import { endSession, openSession, recordSignIn, recordSuccessfulSignIn, type SessionFactor, type SignInPlace } from '../../auth/sessions';
import { assertionChallenge, verifyAssertion } from '../../auth/webauthn';
import { sendSecurityAlert, signInAlertDetail } from '../../services/alerts';
import { LOCKED_MESSAGE, assertNotFrozen, lockAccount } from '../../services/account-lock';
import { requireSecondFactor } from '../../services/second-factor';
import { REMEMBER_TTL_S, SESSION_TTL_S, newTokenId } from '../../auth/tokens';
import { defineRoute, feature } from '../../http/define-route';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../errors';
import { findUserByEmail, findUserById, type UserRow } from '../../db/users';
import { budgets, spend } from '../../limits/budgets';
import { RESET_SENT_MESSAGE, requestResetLink, resetLinkOwner, resetPassword } from '../../services/password-reset';
import { passkeysOf } from '../../services/passkeys';
import { adminRecord, userProfile } from '../../services/profile';

const BAD_LOGIN = 'Invalid email or password';

/** 409 naming what is taken; checked first for the message, the unique indexes decide under races. */
async function assertFree(q: import('../../db/types').Queryable, email: string, username: string | null): Promise<void> {
  const { rows } = await q.query<{ email: string; username: string }>('SELECT email, username FROM users WHERE email = $1 OR lower(username) = lower($2)', [email, username ?? '']);
  if (rows.some((r) => r.email === email)) throw conflict('Email is already registered', 'EMAIL_TAKEN');
  if (username && rows.length) throw conflict('Username is already taken', 'USERNAME_TAKEN');
}

/** Where the browser sends the device cookie: the login route under the API's path as the apps call it (API_BASE_URL). */
function deviceCookiePath(apiBaseUrl: string): string {
  const path = new URL(apiBaseUrl, 'http://localhost').pathname.replace(/\/+$/, '');
  return `${path}/auth/login`;
}

const invalidInvite = () => new AppError(403, 'INVALID_INVITE', 'Invite code is invalid, expired or already used');

/** A quick look before any other work; the compare-and-set at insert time still decides races. */
async function inviteIsOpen(q: import('../../db/types').Queryable, code: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM admin_invites WHERE code = $1 AND used_at IS NULL AND expires_at > now()', [code]);
  return rows.length > 0;
}

function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) throw conflict('Email is already registered', 'EMAIL_TAKEN');
  if (isUniqueViolation(error, 'users_username_key')) throw conflict('Username is already taken', 'USERNAME_TAKEN');
  throw error;
}

/** Where a sign-in comes from, with the browser's device cookie (auth/devices.ts): failures are recorded with the one it sent. */
function signInPlace(request: FastifyRequest): { where: SignInPlace; deviceId: string | null } {
  const deviceId = deviceIdFrom(request.headers.cookie);
  return { deviceId, where: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', deviceHash: deviceId ? deviceHash(deviceId) : null } };
}

/**
 * A sign-in that passed (password and second factor, or a passkey): a session of `factor`, the
 * device cookie, the sign-in recorded, and the new-device alert after the answer.
 */
async function completeSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  s: { where: SignInPlace; deviceId: string | null; remember: boolean | undefined; factor: SessionFactor | null },
): Promise<AuthResponse> {
  const app = request.server;
  const { db } = app;
  const { where, deviceId, factor } = s;
  const ttl = s.remember ? REMEMBER_TTL_S : SESSION_TTL_S;
  const jti = newTokenId();
  const token = app.tokens.sign({ uid: user.id, role: user.role, tv: user.token_version, jti }, ttl);
  // A browser without a device cookie gets one now; a successful sign-in records it (its hash).
  const device = deviceId ?? newDeviceId();
  const novelty = await db.tx(async (q) => {
    await openSession(q, { id: jti, uid: user.id, expiresAt: Math.floor(Date.now() / 1000) + ttl, secondFactor: factor, ...where });
    return recordSuccessfulSignIn(q, { uid: user.id, ...where, deviceHash: deviceHash(device) });
  });
  reply.header('set-cookie', deviceCookie(device, { path: deviceCookiePath(app.config.apiBaseUrl), secure: request.protocol === 'https' || Boolean(app.config.publicUrl?.startsWith('https:')) }));
  // After the answer: a mail when the device, or its network, is new to the account.
  const detail = signInAlertDetail(novelty, where, new Date());
  if (detail) app.background.start('new-device-alert', () => sendSecurityAlert(app, user, 'new-device', detail));
  const data = user.role === 'admin' ? adminRecord(user) : await userProfile(db, user);
  return { data, token, message: 'Login Successfully' };
}

export default feature(
  defineRoute(
    'login',
    async ({ body, db, request, reply }) => {
      const app = request.server;
      await spend(app, [
        [budgets.loginClient, `${request.ip}|${body.email}`],
        [budgets.loginAccount, body.email],
        [budgets.loginIp, request.ip],
      ]);
      const user = await findUserByEmail(db, body.email);
      // Unknown emails cost a hash too, so timing does not tell which emails have accounts.
      const ok = await app.hashGate.run(() => verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH));
      const { where, deviceId } = signInPlace(request);
      // Failures are kept for the account's owner to see (an unknown email has no owner).
      if (user && (!ok || user.closed_at)) await recordSignIn(db, { uid: user.id, ...where, success: false });
      if (!user || !ok || user.closed_at) throw unauthorized(BAD_LOGIN, 'INVALID_CREDENTIALS');
      let factor;
      try {
        // After the password matched, so only its holder learns the account is locked.
        assertNotFrozen(user);
        factor = await requireSecondFactor(app, user, body, { purpose: 'login', status: 401 });
      } catch (error) {
        if (body.code || user.frozen_at) await recordSignIn(db, { uid: user.id, ...where, success: false });
        throw error;
      }
      return completeSignIn(request, reply, user, { where, deviceId, remember: body.remember, factor });
    },
  ),

  // Passkeys (docs/security.md "Passkeys"): options for any passkey of this site the browser holds
  // (no email asked, so none is revealed), or, to confirm a password reset, for the passkeys of
  // the account whose emailed reset link is valid. Under /auth/login so the device cookie comes too.
  defineRoute('signInChallenge', async ({ body, request }) => {
    const app = request.server;
    await spend(app, [[budgets.signInChallengeIp, request.ip]]);
    if (body.purpose === 'login') return { data: await assertionChallenge(app, { uid: null, purpose: 'login' }) };
    const owner = await resetLinkOwner(app, body.email ?? '', body.token ?? '');
    if (!owner) throw badRequest('token: this reset link is invalid or has expired');
    return { data: await assertionChallenge(app, { uid: owner.id, purpose: 'reset', allow: await passkeysOf(app, owner.id) }) };
  }),

  // A passkey signs in alone: with user verification it is the device and its unlock, two factors.
  defineRoute('passkeyLogin', async ({ body, db, request, reply }) => {
    const app = request.server;
    await spend(app, [[budgets.loginIp, request.ip]]);
    const { uid } = await verifyAssertion(app, body.passkey, { purpose: 'login', status: 401 });
    const user = await findUserById(db, uid);
    if (!user || user.closed_at) throw unauthorized(BAD_LOGIN, 'INVALID_CREDENTIALS');
    const place = signInPlace(request);
    if (user.frozen_at) {
      await recordSignIn(db, { uid: user.id, ...place.where, success: false });
      assertNotFrozen(user);
    }
    return completeSignIn(request, reply, user, { ...place, remember: body.remember, factor: 'passkey' });
  }),

  // Only the presented token's session ends (other devices stay logged in); a revoked or expired
  // token is a 401. A token from before sessions is revoked by its hash.
  defineRoute('logout', async ({ auth, db }) => {
    const ended = auth.sessionId ? await endSession(db, auth.uid, auth.sessionId, 'logout') : false;
    if (!ended) await revokeToken(db, auth.token, auth.exp);
    return { message: 'Logged out' };
  }),

  // The "lock my account" link of a security alert (a POST from the page the link opens, so a
  // mail scanner following links locks nothing).
  defineRoute('lockAccount', async ({ body, request }) => {
    await lockAccount(request.server, body.token);
    return { message: LOCKED_MESSAGE };
  }),

  defineRoute(
    'register',
    async ({ body, db, config, request }) => {
      await spend(request.server, [[budgets.registerIp, request.ip]]);
      await assertFree(db, body.email, body.username);
      const hash = await request.server.hashGate.run(() => hashPassword(body.password, config.scryptCost));
      const id = randomUUID();
      try {
        await db.query(
          "INSERT INTO users (id, name, username, email, phone_number, password_hash, role) VALUES ($1, $2, $3, $4, $5, $6, 'user')",
          [id, body.name, body.username, body.email, body.phone, hash],
        );
      } catch (error) {
        uniqueConflict(error);
      }
      const row = await findUserById(db, id);
      if (!row) throw new Error('registered user vanished');
      return { data: await userProfile(db, row), message: 'Registration Successful!' };
    },
  ),

  defineRoute('forgotPassword', async ({ body, request, reply }) => {
    await requestResetLink(request.server, body.email, request.ip, reply.raw);
    return { message: RESET_SENT_MESSAGE };
  }),

  // The spec's body is { email } (send instructions); with the emailed token and a new password it resets.
  defineRoute(
    'resetPassword',
    async ({ body, request, reply }) => {
      if (body.token === undefined && body.password === undefined) {
        await requestResetLink(request.server, body.email, request.ip, reply.raw);
        return { message: RESET_SENT_MESSAGE };
      }
      if (body.token === undefined) throw badRequest('token: is required');
      if (body.password === undefined) throw badRequest('password: is required');
      await spend(request.server, [[budgets.resetIp, request.ip]]);
      await resetPassword(request.server, body.email, body.token, body.password, body);
      return { message: 'Your password has been reset. You can log in now.' };
    },
  ),

  defineRoute(
    'registerAdmin',
    async ({ body, db, config, request }) => {
      const inviteOnly = config.adminRegistration === 'invite';
      if (inviteOnly && !body.inviteCode) throw badRequest('inviteCode: is required');
      await spend(request.server, [[budgets.registerIp, request.ip]]);
      // The invite first: without a valid one, a taken email and a free one get the same 403.
      if (inviteOnly && !(await inviteIsOpen(db, body.inviteCode ?? ''))) throw invalidInvite();
      await assertFree(db, body.email, null);
      const hash = await request.server.hashGate.run(() => hashPassword(body.password, config.scryptCost));
      const id = randomUUID();
      const name = body.name || body.email.split('@')[0] || 'Admin';
      try {
        await db.tx(async (q) => {
          await q.query("INSERT INTO users (id, name, username, email, password_hash, role) VALUES ($1, $2, $3, $4, $5, 'admin')", [id, name, `admin-${id.slice(0, 8)}`, body.email, hash]);
          if (!inviteOnly) return;
          // Compare-and-set: a code is spent by exactly one registration, even when two race.
          const spent = await q.query(
            'UPDATE admin_invites SET used_at = now(), used_by = $2 WHERE code = $1 AND used_at IS NULL AND expires_at > now() RETURNING code',
            [body.inviteCode, id],
          );
          if (!spent.rows.length) throw invalidInvite();
        });
      } catch (error) {
        uniqueConflict(error);
      }
      const row = await findUserById(db, id);
      if (!row) throw new Error('registered admin vanished');
      return { data: adminRecord(row), message: 'Registration Successfully' };
    },
  ),
);
