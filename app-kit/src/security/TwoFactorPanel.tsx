import { Suspense, lazy, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Loading, Input } from '@halcyon/shared-ui';
import { withToasts } from '../kit/withToasts';
import { Section } from './Section';
import { useIdentityProof, type IdentityProof } from './IdentityProof';
import { RecoveryCodes } from './RecoveryCodes';

export interface TwoFactorView {
  /** undefined while loading */
  status: { enabled: boolean; recoveryCodesLeft: number } | undefined;
  /** With one, a passkey can confirm a change instead of the password (and, to turn it off, of the code). */
  hasPasskey?: boolean;
  /** Each change needs the account's password or a passkey (docs/security.md "Two-factor"). */
  start(proof: IdentityProof): Promise<{ secret: string; otpauthUrl: string }>;
  /** Resolves with the recovery codes and the server's message. */
  enable(proof: IdentityProof, code: string): Promise<{ recoveryCodes: string[]; message: string }>;
  /** `code` may be '' when a passkey confirms. */
  disable(proof: IdentityProof, code: string): Promise<string>;
}

const Qr = styled.div`
  align-self: flex-start;
  padding: ${({ theme }) => theme.space(3)};
  background: #fff;
  border-radius: ${({ theme }) => theme.radius};
`;

// Loaded when someone sets up two-factor, not with the Security screen.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/**
 * Two-factor on the Security screen (docs/security.md "Two-factor"): turn it on with the password,
 * by scanning a QR code and typing a first code; the ten recovery codes are shown once; turn it
 * off with the password and a code. With a passkey on the account, it can confirm instead of the
 * password (and, to turn two-factor off, of the code too). Its toasts are one group: a step that
 * succeeds closes the errors of the tries before it ("That code is not valid" once the right code
 * brought the recovery codes).
 */
export function TwoFactorPanel({ status, hasPasskey = false, start, enable, disable }: TwoFactorView) {
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  // The password (or the passkey choice) is asked once, before setup, and used again to turn it on.
  const identity = useIdentityProof(hasPasskey, 'confirmPassword');
  const proof = identity.proof;
  const byPasskey = proof !== null && 'passkey' in proof;
  const [busy, setBusy] = useState(false);
  const group = useId();

  /** One step: the server's message as its success (none: what it shows is the success), or its refusal. */
  const run = async (work: () => Promise<string | null>, failure: string) => {
    setBusy(true);
    await withToasts({ success: (message: string | null) => message, failure }, work, group);
    setBusy(false);
  };

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />;
  } else if (!status) {
    body = null;
  } else if (status.enabled) {
    body = (
      <>
        <p>
          On: sign-ins, withdrawals and payout changes ask for a code from your authenticator app. {status.recoveryCodesLeft} recovery codes left.
        </p>
        {identity.fields}
        {byPasskey ? null : (
          <Input label="Code to turn it off" name="disableCode" value={code} onChange={setCode} autoComplete="one-time-code" placeholder="123456 or a recovery code" />
        )}
        <div>
          <Button
            variant="secondary"
            disabled={busy || !proof || (!byPasskey && !code.trim())}
            onClick={() =>
              void run(async () => {
                if (!proof) return null;
                const message = await disable(proof, byPasskey ? '' : code.trim());
                setCode('');
                identity.clear();
                return message;
              }, 'Failed to turn two-factor authentication off.')
            }
          >
            Turn off two-factor authentication
          </Button>
        </div>
      </>
    );
  } else if (setup) {
    body = (
      <>
        <p>Scan this code with an authenticator app (or type the key), then enter the 6-digit code it shows.</p>
        <Qr>
          <Suspense fallback={<Loading label="Loading the QR code" />}>
            <QRCodeSVG value={setup.otpauthUrl} size={176} title="QR code for your authenticator app" />
          </Suspense>
        </Qr>
        <p>
          Key: <code>{setup.secret}</code>
        </p>
        <Input label="Code from the app" name="enableCode" value={code} onChange={setCode} autoComplete="one-time-code" inputMode="numeric" placeholder="123456" />
        <div>
          <Button
            disabled={busy || !code.trim()}
            onClick={() =>
              void run(async () => {
                if (!proof) return null;
                const on = await enable(proof, code.trim());
                setCodes(on.recoveryCodes);
                setSetup(null);
                setCode('');
                identity.clear();
                return on.message;
              }, 'Failed to turn two-factor authentication on.')
            }
          >
            Turn on
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>Off. With it on, a stolen password is not enough: sign-ins, withdrawals and payout changes also ask for a code from your phone.</p>
        {identity.fields}
        <div>
          <Button
            disabled={busy || !proof}
            onClick={() =>
              void run(async () => {
                if (proof) setSetup(await start(proof));
                return null;
              }, 'Failed to start two-factor setup.')
            }
          >
            Set up two-factor authentication
          </Button>
        </div>
      </>
    );
  }

  return (
    <Section aria-labelledby="security-two-factor">
      <h2 id="security-two-factor">Two-factor authentication</h2>
      {body}
    </Section>
  );
}
