import { defineRoute, feature } from '../../http/define-route';
import { addPasskey, listPasskeys, removePasskey, startRegistration, startStepUp } from '../../services/passkeys';

// Passkeys on the Security screen and step-ups (docs/security.md "Passkeys"). Signing in with
// one is in features/auth.
export default feature(
  defineRoute('listPasskeys', async ({ auth, deps }) => ({ data: await listPasskeys(deps, auth.uid) })),
  defineRoute('passkeyRegistrationOptions', async ({ auth, body, deps }) => ({ data: await startRegistration(deps, auth.user, body) })),
  defineRoute('registerPasskey', async ({ auth, body, deps }) => ({
    data: await addPasskey(deps, auth.user, body, body.name),
    message: 'Passkey added. You can sign in with it and confirm withdrawals.',
  })),
  defineRoute('removePasskey', async ({ auth, body, params, deps }) => {
    await removePasskey(deps, auth.user, params.id, body);
    return { message: 'Passkey removed.' };
  }),
  defineRoute('stepUpChallenge', async ({ auth, body, deps }) => ({ data: await startStepUp(deps, auth.user, body) })),
);
