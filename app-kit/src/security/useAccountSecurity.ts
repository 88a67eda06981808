import type { PasskeyAssertion } from '@halcyon/api-client/model';
import { createPasskey, passkeysSupported, stepUpPasskey } from '@halcyon/api-client/http';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import type { IdentityProof } from './IdentityProof';
import type { PasswordChange } from './ChangePasswordPanel';

/** The body part a security change carries: the password, or a passkey's answer to a challenge for a security change. */
async function proofOf(confirm: IdentityProof): Promise<{ password: string } | { passkey: PasskeyAssertion }> {
  return 'password' in confirm ? { password: confirm.password } : { passkey: await stepUpPasskey({ purpose: 'security' }) };
}

/**
 * The caller's sessions, sign-ins, two-factor and passkeys with what changes them, shaped for
 * SecurityPanels (both remotes' Security screens; docs/security.md "Sessions").
 */
export function useAccountSecurity() {
  const sessions = useApiQuery('listSessions', undefined, { select: (r) => r.data });
  const signIns = useApiQuery('listSignIns', undefined, { select: (r) => r.data });
  const end = useApiMutation('endSession', { invalidates: ['listSessions'] });
  const endOthers = useApiMutation('endOtherSessions', { invalidates: ['listSessions'] });
  const twoFactor = useApiQuery('getTwoFactor', undefined, { select: (r) => r.data });
  const changes = { invalidates: ['getTwoFactor', 'getProfile'] } as const;
  const start = useApiMutation('startTwoFactor');
  const enable = useApiMutation('enableTwoFactor', changes);
  const disable = useApiMutation('disableTwoFactor', changes);
  const passkeys = useApiQuery('listPasskeys', undefined, { select: (r) => r.data });
  const passkeyChanges = { invalidates: ['listPasskeys', 'getProfile'] } as const;
  const registration = useApiMutation('passkeyRegistrationOptions');
  const register = useApiMutation('registerPasskey', passkeyChanges);
  const remove = useApiMutation('removePasskey', passkeyChanges);
  // Every other session ends with it (the list shows this one alone afterwards), and a recovery code may have been spent.
  const changePassword = useApiMutation('changePassword', { invalidates: ['listSessions', 'getTwoFactor'] });
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  return {
    sessions: { query: sessions, fallback: 'Failed to fetch your sessions.' },
    signIns: { query: signIns, fallback: 'Failed to fetch your sign-in history.' },
    endSession: async (id: string) => (await end.mutateAsync({ input: { params: { id } } })).message,
    endOtherSessions: async () => (await endOthers.mutateAsync({})).message ?? 'Other sessions ended.',
    busy: end.isPending || endOthers.isPending,
    password: {
      factors: { code: twoFactor.data?.enabled ?? false, passkey: hasPasskey },
      passkeysSupported: passkeysSupported(),
      /** The current password, the new one, and the second factor: a code, or a passkey's security step-up. */
      change: async ({ currentPassword, newPassword, code, withPasskey }: PasswordChange) => {
        const factor = withPasskey ? { passkey: await stepUpPasskey({ purpose: 'security' }) } : code ? { code } : {};
        return (await changePassword.mutateAsync({ input: { body: { currentPassword, newPassword, ...factor } } })).message ?? 'Your password has been changed.';
      },
    },
    twoFactor: {
      status: twoFactor.data,
      hasPasskey,
      start: async (confirm: IdentityProof) => (await start.mutateAsync({ input: { body: await proofOf(confirm) } })).data,
      enable: async (confirm: IdentityProof, code: string) => {
        const on = await enable.mutateAsync({ input: { body: { ...(await proofOf(confirm)), code } } });
        return { recoveryCodes: on.data.recoveryCodes, message: on.message ?? 'Two-factor authentication is on.' };
      },
      // A passkey stands for the password and the code (user verification: the device and its unlock).
      disable: async (confirm: IdentityProof, code: string) =>
        (await disable.mutateAsync({ input: { body: { ...(await proofOf(confirm)), ...(code ? { code } : {}) } } })).message,
    },
    passkeys: {
      query: passkeys,
      supported: passkeysSupported(),
      /** Options (after the password or a passkey), the authenticator creates one, the server stores it. */
      add: async (name: string, confirm: IdentityProof) => {
        const { data } = await registration.mutateAsync({ input: { body: await proofOf(confirm) } });
        const response = await createPasskey(data);
        return (await register.mutateAsync({ input: { body: { challengeId: data.challengeId, name, response } } })).message ?? 'Passkey added.';
      },
      remove: async (id: string, confirm: IdentityProof) => (await remove.mutateAsync({ input: { params: { id }, body: await proofOf(confirm) } })).message,
    },
  };
}
