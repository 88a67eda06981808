import type { FastifyRequest } from 'fastify';
import type { Access } from '@halcyon/api-client/contract';
import { tokenHash } from '../auth/revocations';
import { sessionCaller, type SessionFactor } from '../auth/sessions';
import type { UserRow } from '../db/users';
import type { ProfileFiguresRow } from '../db/figures';
import { AppError, forbidden, unauthorized } from '../errors';

export interface AuthInfo {
  uid: string;
  role: 'user' | 'admin';
  /** The caller's users row as read by this check (one read per request; handlers reuse it). */
  user: UserRow;
  /** The bearer token and its expiry (seconds since the epoch), for logout to revoke. */
  token: string;
  exp: number;
  /** The token's session (its jti; docs/security.md "Sessions"). */
  sessionId: string | undefined;
  /** The caller's profile figures, on a route that asks for them with its authentication (defineRoute's `callerFigures`). */
  figures: ProfileFiguresRow | undefined;
  /** The second factor this session presented (null: password only). */
  factor: SessionFactor | null;
}

/** The bearer token of a request, if it has one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Who is calling, checked against the route's access: 401 without a valid token or when the
 * account is closed or the token was revoked (token_version bumped, its session ended: logged out
 * or ended by its owner from another session), 403
 * for the wrong role.
 */
export async function authenticate(request: FastifyRequest, access: Exclude<Access, 'none'>, figures = false): Promise<AuthInfo> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const claims = request.server.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token', 'INVALID_TOKEN');
  const caller = await sessionCaller(request.server.db, { uid: claims.uid, tokenHash: tokenHash(token), sessionId: claims.jti, idleHours: request.server.config.sessionIdleHours, figures });
  const user = caller?.user;
  if (!user || user.closed_at || user.token_version !== claims.tv || user.role !== claims.role) {
    throw new AppError(401, 'SESSION_REVOKED', 'Your session has ended, please log in again');
  }
  if (access === 'user' && user.role !== 'user') throw forbidden('This needs an investor account');
  if (access === 'admin' && user.role !== 'admin') throw forbidden('This needs an admin account');
  // REQUIRE_ADMIN_2FA (production): no admin change, money decisions first, unless this session
  // itself presented a second factor: an account with two-factor on is not enough, a session
  // signed in with the password alone (or stolen before two-factor was on) must sign in again.
  const hasSecondFactor = Boolean(user.totp_secret) || user.passkey_count > 0;
  if (access === 'admin' && request.method !== 'GET' && request.server.config.requireAdmin2fa && !(hasSecondFactor && caller.factor)) {
    throw hasSecondFactor
      ? new AppError(403, 'ADMIN_2FA_SESSION_REQUIRED', 'This session was signed in without a two-factor code. Sign in again with your code before making changes as an admin.')
      : new AppError(403, 'ADMIN_2FA_REQUIRED', 'Turn on two-factor authentication (Security) before making changes as an admin.');
  }
  return { uid: claims.uid, role: user.role, user, token, exp: claims.exp, sessionId: claims.jti, figures: caller.figures, factor: caller.factor };
}
