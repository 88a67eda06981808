import { defineRoute, feature } from '../../http/define-route';
import { addPasskey, listPasskeys, removePasskey, startRegistration, startStepUp } from '../../services/passkeys';
import { requireIdentity } from '../../services/second-factor';

// Passkeys on the Security screen and step-ups (docs/security.md "Passkeys"). Signing in with
// one is in features/auth.
export default feature(
  defineRoute('listPasskeys', async ({ auth, request }) => ({ data: await listPasskeys(request.server, auth.uid) })),
  // Adding one is a security change: the password (or a passkey) in the same request.
  defineRoute('passkeyRegistrationOptions', async ({ auth, body, request }) => {
    await requireIdentity(request.server, auth.user, body);
    return { data: await startRegistration(request.server, auth.user) };
  }),
  defineRoute('registerPasskey', async ({ auth, body, request }) => ({
    data: await addPasskey(request.server, auth.user, body, body.name),
    message: 'Passkey added. You can sign in with it and confirm withdrawals.',
  })),
  defineRoute('removePasskey', async ({ auth, body, params, request }) => {
    await requireIdentity(request.server, auth.user, body);
    await removePasskey(request.server, auth.user, params.id);
    return { message: 'Passkey removed.' };
  }),
  defineRoute('stepUpChallenge', async ({ auth, body, request }) => ({ data: await startStepUp(request.server, auth.user, body) })),
);
