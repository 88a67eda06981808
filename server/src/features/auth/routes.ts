import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResponse } from '@halcyon/api-client/contract';
import type { Config } from '../../config';
import { deviceCookie, deviceHash, deviceIdFrom } from '../../auth/devices';
import { defineRoute, feature } from '../../http/define-route';
import { badRequest } from '../../errors';
import { LOCKED_MESSAGE, lockAccount } from '../../services/account-lock';
import { RESET_SENT_MESSAGE, requestResetLink, resetPassword } from '../../services/password-reset';
import { register, registerAdmin } from '../../services/registration';
import { login, logout, passkeyLogin, signInChallenge, type SignedIn, type SignInOrigin } from '../../services/sign-in';

/** Where the browser sends the device cookie: the login route under the API's path as the apps call it (API_BASE_URL). */
function deviceCookiePath(apiBaseUrl: string): string {
  const path = new URL(apiBaseUrl, 'http://localhost').pathname.replace(/\/+$/, '');
  return `${path}/auth/login`;
}

/** Where a sign-in comes from, with the browser's device cookie (auth/devices.ts): failures are recorded with the one it sent. */
function signInOrigin(request: FastifyRequest): SignInOrigin {
  const deviceId = deviceIdFrom(request.headers.cookie);
  return { deviceId, where: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', deviceHash: deviceId ? deviceHash(deviceId) : null } };
}

/** A sign-in's answer, with the device cookie the browser keeps for the next one. */
function signedIn(request: FastifyRequest, reply: FastifyReply, config: Config, { answer, device }: SignedIn): AuthResponse {
  reply.header('set-cookie', deviceCookie(device, { path: deviceCookiePath(config.apiBaseUrl), secure: request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https:')) }));
  return answer;
}

export default feature(
  defineRoute('login', async ({ body, deps, request, reply }) => signedIn(request, reply, deps.config, await login(deps, body, signInOrigin(request)))),

  // Passkeys (docs/security.md "Passkeys"): under /auth/login so the device cookie comes too.
  defineRoute('signInChallenge', async ({ body, deps, request }) => ({ data: await signInChallenge(deps, body, request.ip) })),

  defineRoute('passkeyLogin', async ({ body, deps, request, reply }) => signedIn(request, reply, deps.config, await passkeyLogin(deps, body, signInOrigin(request)))),

  // Only the presented token's session ends (other devices stay logged in); a revoked or expired
  // token is a 401.
  defineRoute('logout', async ({ auth, db }) => {
    await logout(db, auth);
    return { message: 'Logged out' };
  }),

  // The "lock my account" link of a security alert (a POST from the page the link opens, so a
  // mail scanner following links locks nothing).
  defineRoute('lockAccount', async ({ body, deps }) => {
    await lockAccount(deps, body.token);
    return { message: LOCKED_MESSAGE };
  }),

  defineRoute('register', async ({ body, deps, request }) => ({ data: await register(deps, body, request.ip), message: 'Registration Successful!' })),

  defineRoute('forgotPassword', async ({ body, deps, request, reply }) => {
    await requestResetLink(deps, body.email, request.ip, reply.raw);
    return { message: RESET_SENT_MESSAGE };
  }),

  // The spec's body is { email } (send instructions); with the emailed token and a new password it resets.
  defineRoute('resetPassword', async ({ body, deps, request, reply }) => {
    if (body.token === undefined && body.password === undefined) {
      await requestResetLink(deps, body.email, request.ip, reply.raw);
      return { message: RESET_SENT_MESSAGE };
    }
    if (body.token === undefined) throw badRequest('token: is required');
    if (body.password === undefined) throw badRequest('password: is required');
    await resetPassword(deps, body.email, body.token, body.password, body, request.ip);
    return { message: 'Your password has been reset. You can log in now.' };
  }),

  defineRoute('registerAdmin', async ({ body, deps, request }) => ({ data: await registerAdmin(deps, body, request.ip), message: 'Registration Successfully' })),
);
