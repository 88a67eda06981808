import { recoveryCodesLeft } from '../../auth/two-factor';
import { defineRoute, feature } from '../../http/define-route';
import { confirmTwoFactorReset, disableTwoFactor, enableTwoFactor, requestTwoFactorReset, startTwoFactor } from '../../services/two-factor';

// The caller's own two-factor (services/two-factor.ts), and an admin's reset for someone else.
export default feature(
  defineRoute('getTwoFactor', async ({ db, auth }) => ({
    data: { enabled: Boolean(auth.user.totp_secret), recoveryCodesLeft: auth.user.totp_secret ? await recoveryCodesLeft(db, auth.uid) : 0 },
  })),
  defineRoute('startTwoFactor', async ({ auth, body, deps }) => ({ data: await startTwoFactor(deps, auth.user, body) })),
  defineRoute('enableTwoFactor', async ({ auth, body, deps }) => ({
    data: { recoveryCodes: await enableTwoFactor(deps, auth.user, auth.sessionId, body) },
    message: 'Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.',
  })),
  defineRoute('disableTwoFactor', async ({ auth, body, deps }) => {
    await disableTwoFactor(deps, auth.user, body);
    return { message: 'Two-factor authentication is off.' };
  }),

  // An admin's reset for someone who lost their authenticator: the owner confirms it by mail.
  defineRoute('requestTwoFactorReset', async ({ auth, params, body, deps }) => {
    const email = await requestTwoFactorReset(deps, auth.uid, params.uid, body.reason);
    return { message: `A confirmation link was sent to ${email}. Two-factor stays on until they use it.` };
  }),
  defineRoute('confirmTwoFactorReset', async ({ body, deps, request }) => {
    await confirmTwoFactorReset(deps, body.token, request.ip);
    return { message: 'Two-factor authentication is off. Sign in with your password, then turn it on again with your new phone.' };
  }),
);
