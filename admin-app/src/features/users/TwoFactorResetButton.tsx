import { useState } from 'react';
import type { AdminUserRow } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, ConfirmDialog, Input } from '@halcyon/shared-ui';
import { withToasts } from '@halcyon/app-kit';

/**
 * "Reset 2FA" for a user who lost their authenticator (docs/security.md "Two-factor"): the admin
 * gives a reason (kept in the audit trail); the user gets a link and must confirm it themselves.
 */
export function TwoFactorResetButton({ user }: { user: AdminUserRow }) {
  const reset = useApiMutation('requestTwoFactorReset');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!user.twoFactorEnabled) return null;

  const send = async () => {
    const sent = await withToasts({
      success: 'Confirmation link sent. Two-factor stays on until the user opens it.',
      failure: 'Failed to send the two-factor reset link.',
    }, () => reset.mutateAsync({ input: { params: { uid: user.uid }, body: { reason: reason.trim() } } }));
    if (sent.ok) {
      setOpen(false);
      setReason('');
    }
  };

  return (
    <>
      <Button size="small" variant="secondary" aria-label={`Reset 2FA for ${user.name}`} onClick={() => setOpen(true)}>
        Reset 2FA
      </Button>
      <ConfirmDialog
        open={open}
        title="Reset two-factor authentication"
        message={
          <>
            <p>
              {user.name} ({user.email}) gets a link that turns their two-factor authentication off once they open it. Check who is asking before you send it.
            </p>
            <Input label="Reason (kept in the audit trail)" name="reason" value={reason} onChange={setReason} required />
          </>
        }
        confirmLabel="Send confirmation link"
        busy={reset.isPending}
        onConfirm={() => {
          if (reason.trim()) void send();
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
