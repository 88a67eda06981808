import { withToasts } from '@halcyon/app-kit';
import type { UpdateProfileBody } from '@halcyon/api-client/model';
import { sendWithPasskey, stepUpPasskey } from '@halcyon/api-client/http';
import { useApiMutation } from '@halcyon/api-client/react';

/**
 * PATCH /user/profile; every screen showing the profile reads it again. Resolves true on success.
 * A payout change of an account with passkeys and no two-factor answers PASSKEY_REQUIRED: a
 * passkey confirms it (a security change) and it is sent again with it (docs/security.md "Passkeys").
 */
export function useSaveProfile(success: string, failure: string) {
  const update = useApiMutation('updateProfile', { invalidates: ['getProfile'] });
  const save = async (body: UpdateProfileBody): Promise<boolean> => {
    const sent = await withToasts({ success, failure }, () =>
      sendWithPasskey(
        (passkey) => update.mutateAsync({ input: { body: passkey ? { ...body, passkey } : body } }),
        () => stepUpPasskey({ purpose: 'security' }),
      ),
    );
    return sent.ok;
  };
  return { save, saving: update.isPending };
}
