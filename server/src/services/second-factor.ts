import type { FastifyInstance } from 'fastify';
import { checkSecondFactor } from '../auth/two-factor';
import type { UserRow } from '../db/users';
import { AppError } from '../errors';
import { budgets, spend } from '../limits/budgets';

const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_INVALID_MESSAGE = 'That code is not valid. Use the current code, or one of your recovery codes.';

/**
 * The second factor a sensitive action needs when the account has two-factor on (a withdrawal,
 * a payout change, a password reset, turning two-factor off). Every try spends the account's
 * two-factor budget. `status` 401 at login, 400 on the reset form, 403 otherwise.
 */
export async function requireSecondFactor(app: FastifyInstance, user: Pick<UserRow, 'id' | 'totp_secret'>, code: string | undefined, status: 400 | 401 | 403 = 403): Promise<void> {
  if (!user.totp_secret) return;
  if (!code?.trim()) throw new AppError(status, 'TOTP_REQUIRED', TOTP_REQUIRED_MESSAGE);
  await spend(app, [[budgets.secondFactor, user.id]]);
  const result = await checkSecondFactor(app.db, user, code);
  if (result !== 'ok') throw new AppError(status, 'TOTP_INVALID', TOTP_INVALID_MESSAGE);
}
