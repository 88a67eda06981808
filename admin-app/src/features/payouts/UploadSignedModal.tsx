import { useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, Modal, Muted, focusRing } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { useToastForm } from '@halcyon/app-kit';
import { CHAIN_NAMES } from '../../lib/chain';
import { PAYOUT_CHANGES } from './queries';
import { SIGNED_FILE_LIMIT, signedTextOf } from './signedFile';
import { payoutLabel, type OfflinePayout } from './OfflineSigning';

const UPLOAD_FAILED = 'Failed to upload the signed transaction.';
const NOTHING_TO_SEND = 'Choose the signed file or paste the signed transaction.';

const FORMATS = {
  psbt: 'The signed PSBT: its file (binary or base64), or its base64 text pasted.',
  evm: 'The signed EIP-1559 transaction: its file, or its 0x hex pasted.',
} as const;

/**
 * Upload signed: the transaction signed offline, from its file or pasted, for the signer to check
 * before it sends it. The server's answer is the success toast; the row then says it is checked.
 */
export function UploadSignedModal({ payout, onClose }: { payout: OfflinePayout; onClose: () => void }) {
  const [signed, setSigned] = useState('');
  const [reading, setReading] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const ids = { form: useId(), file: useId(), text: useId(), hint: useId() };
  const upload = useApiMutation('uploadSignedPayout', { invalidates: PAYOUT_CHANGES });

  const { busy, onSubmit } = useToastForm({
    check: () => {
      if (signed.trim()) return true;
      toast.error(NOTHING_TO_SEND);
      field.current?.focus();
      return false;
    },
    toasts: { success: (answer) => answer.message, failure: UPLOAD_FAILED },
    request: () => upload.mutateAsync({ input: { params: { id: payout.id }, body: { signed: signed.trim() } } }),
    done: onClose,
  });

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > SIGNED_FILE_LIMIT) {
      toast.error(`${file.name} is too large to be a signed transaction.`);
      return;
    }
    setReading(true);
    try {
      setSigned(await signedTextOf(file));
    } catch {
      toast.error(`Could not read ${file.name}.`);
    } finally {
      setReading(false);
    }
  };

  return (
    <Modal
      open
      title="Upload signed transaction"
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={ids.form} loading={busy} disabled={busy || reading}>
            Upload
          </Button>
        </>
      }
    >
      <Form id={ids.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        <p>
          {payoutLabel(payout)} ({payout.user.email}) on {CHAIN_NAMES[payout.network]}, to:
        </p>
        {/* Whole: the address the offline wallet shows before signing is compared with this one. */}
        <Whole>{payout.destination}</Whole>
        <Muted>Sign only if your offline wallet shows this address and amount. The signer checks the signed transaction before it is sent.</Muted>
        <Field>
          <label htmlFor={ids.file}>Signed file</label>
          <input id={ids.file} type="file" onChange={(e) => void pick(e)} disabled={busy} />
        </Field>
        <Field>
          <label htmlFor={ids.text}>Signed transaction</label>
          <Text
            ref={field}
            id={ids.text}
            name="signed"
            rows={6}
            value={signed}
            onChange={(e) => setSigned(e.target.value)}
            aria-describedby={ids.hint}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            readOnly={busy}
          />
          <Muted id={ids.hint}>{payout.offline.format ? FORMATS[payout.offline.format] : `${FORMATS.psbt} ${FORMATS.evm}`}</Muted>
        </Field>
      </Form>
    </Modal>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  p { margin: 0; overflow-wrap: anywhere; }
`;

const Whole = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  overflow-wrap: anywhere;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  min-width: 0;
  label { font-size: ${({ theme }) => theme.font.size.small}; font-weight: 600; }
  input[type='file'] { max-width: 100%; ${focusRing} }
`;

/** A pasted transaction: long, one line of base64 or hex, wrapping anywhere. */
const Text = styled.textarea`
  width: 100%;
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.inputBackground};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 1rem; /* 16 px keeps iOS from zooming on focus */
  word-break: break-all;
  resize: vertical;
  &:read-only { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  ${focusRing}
`;
