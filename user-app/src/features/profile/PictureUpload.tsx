import { useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Spinner, pill } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { UPLOAD_MAX_BYTES } from '@halcyon/api-client/model';
import { api, errorMessage } from '@halcyon/api-client/http';
import { Avatar } from '../../lib/Avatar';

/**
 * Profile picture with an upload control (edit mode only). Images only, 5 MB at most; the
 * uploaded URL is handed to `onUploaded` and saved with the rest of the form.
 */
export function PictureUpload({ src, name, editable, onUploaded }: { src: string | null; name: string; editable: boolean; onUploaded: (url: string) => void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image file.');
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      toast.error('The image must be 5 MB or smaller.');
      return;
    }
    setBusy(true);
    try {
      const res = await api.uploadImage({ file }, { as: 'user' });
      onUploaded(res.mediaUrl);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to upload image'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Wrap>
      <Avatar src={src} name={name} size={96} />
      {editable ? (
        <>
          <HiddenInput ref={inputRef} id={inputId} type="file" accept="image/*" onChange={(e) => void pick(e)} disabled={busy} aria-label="Upload profile picture" />
          <PickButton htmlFor={inputId} aria-disabled={busy}>
            {busy ? <Spinner size={16} /> : null}
            {busy ? 'Uploading...' : 'Change picture'}
          </PickButton>
        </>
      ) : null}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  flex-wrap: wrap;
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  &:focus-visible + label { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const PickButton = styled.label`
  ${pill}
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.secondaryText};
  cursor: pointer;
`;
