import { confirmEnrolment, disableSecondFactor, recoveryCodesLeft, startEnrolment } from '../../auth/two-factor';
import { markSessionFactor } from '../../auth/sessions';
import { defineRoute, feature } from '../../http/define-route';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { budgets, spend } from '../../limits/budgets';
import { sendSecurityAlert } from '../../services/alerts';
import { TOTP_INVALID_MESSAGE, requireIdentity, requireSecondFactor } from '../../services/second-factor';
import { confirmTwoFactorReset, requestTwoFactorReset } from '../../services/two-factor-reset';
import { findUserById } from '../../db/users';

// Two-factor for investors and admins alike (docs/security.md "Two-factor"). Every change needs
// the password in the same request, so a stolen session cannot turn it on with the thief's
// authenticator or off; turning it on or off is mailed and pauses withdrawals like a password change.
export default feature(
  defineRoute('getTwoFactor', async ({ db, auth }) => ({
    data: { enabled: Boolean(auth.user.totp_secret), recoveryCodesLeft: auth.user.totp_secret ? await recoveryCodesLeft(db, auth.uid) : 0 },
  })),
  defineRoute('startTwoFactor', async ({ db, auth, body, config, request }) => {
    if (auth.user.totp_secret) throw conflict('Two-factor authentication is already on.', 'TOTP_ALREADY_ON');
    await requireIdentity(request.server, auth.user, body);
    return { data: await startEnrolment(db, auth.uid, config.brand, auth.user.email) };
  }),
  defineRoute('enableTwoFactor', async ({ db, auth, body, request }) => {
    if (auth.user.totp_secret) throw conflict('Two-factor authentication is already on.', 'TOTP_ALREADY_ON');
    if (!body.code?.trim()) throw badRequest('code: is required');
    await requireIdentity(request.server, auth.user, body);
    await spend(request.server, [[budgets.secondFactor, auth.uid]]);
    const firstCode = body.code;
    const recoveryCodes = await db.tx(async (q) => {
      const codes = await confirmEnrolment(q, auth.uid, firstCode);
      if (!codes) return null;
      await q.query('UPDATE users SET password_changed_at = now() WHERE id = $1', [auth.uid]);
      // This session has just presented the password and a first code: it counts as signed in with both.
      if (auth.sessionId) await markSessionFactor(q, auth.sessionId, 'enrolment');
      await sendSecurityAlert(request.server, auth.user, '2fa-on', `At ${new Date().toISOString()} (UTC).`, q);
      return codes;
    });
    if (!recoveryCodes) throw new AppError(400, 'TOTP_INVALID', TOTP_INVALID_MESSAGE);
    return { data: { recoveryCodes }, message: 'Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.' };
  }),
  defineRoute('disableTwoFactor', async ({ db, auth, body, request }) => {
    if (!auth.user.totp_secret) throw conflict('Two-factor authentication is already off.', 'TOTP_ALREADY_OFF');
    // A passkey is both: the device and its unlock. Otherwise the password and a code.
    const how = await requireIdentity(request.server, auth.user, body);
    if (how === 'password') await requireSecondFactor(request.server, auth.user, { code: body.code }, { purpose: 'security' });
    await db.tx(async (q) => {
      await disableSecondFactor(q, auth.uid);
      await q.query('UPDATE users SET password_changed_at = now() WHERE id = $1', [auth.uid]);
      await sendSecurityAlert(request.server, auth.user, '2fa-off', `At ${new Date().toISOString()} (UTC).`, q);
    });
    return { message: 'Two-factor authentication is off.' };
  }),

  // An admin's reset for someone who lost their authenticator: the owner confirms it by mail.
  defineRoute('requestTwoFactorReset', async ({ db, auth, params, body, request }) => {
    const user = await findUserById(db, params.uid);
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    await requestTwoFactorReset(request.server, auth.uid, user, body.reason);
    return { message: `A confirmation link was sent to ${user.email}. Two-factor stays on until they use it.` };
  }),
  defineRoute('confirmTwoFactorReset', async ({ body, request }) => {
    await spend(request.server, [[budgets.resetIp, request.ip]]);
    await confirmTwoFactorReset(request.server, body.token);
    return { message: 'Two-factor authentication is off. Sign in with your password, then turn it on again with your new phone.' };
  }),
);
