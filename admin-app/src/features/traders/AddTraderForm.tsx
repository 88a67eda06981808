import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { parsePlainNumber, tradeCountProblem, winRate } from '@halcyon/api-client/model';
import { errorMessage } from '@halcyon/api-client/http';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button, Input, FormGrid, FullRow } from '@halcyon/shared-ui';
import { useToastForm } from '@halcyon/app-kit';
import { ImageDrop } from './ImageDrop';

const Added = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

/** Spec 9: after 'Added Successfully!' the form resets and shows the list 2000 ms later. */
const RESET_AFTER_MS = 2000;

const empty = { name: '', wins: '', losses: '', profitShare: '' };
type Values = typeof empty;
type Errors = Partial<Record<keyof Values | 'image', string>>;

/** The spec's required text, else the server's count rule with the field's label ('Wins must be a whole number'), or null. */
function countError(label: string, text: string, required: string): string | null {
  if (text.trim() === '') return required;
  // The rule's own reason first ('-1': 'must be 0 or more'); text it passes but the one number
  // parser refuses ('1e3') is not a number as typed.
  const problem = tradeCountProblem(Number(text)) ?? (parsePlainNumber(text) === null ? 'must be a number' : null);
  return problem === null ? null : `${label} ${problem}`;
}

function validate(values: Values, image: File | null): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  const wins = countError('Wins', values.wins, 'Wins is required');
  if (wins) errors.wins = wins;
  const losses = countError('Losses', values.losses, 'Losses is required');
  if (losses) errors.losses = losses;
  if (!values.profitShare.trim()) errors.profitShare = 'Profit share is required';
  if (!image) errors.image = 'Profile image is required';
  return errors;
}

/** The image upload failed: the server's message, or 'Failed to upload image' (not the trader's failure text). */
class UploadFailed extends Error {}

/**
 * Add New trader: editing → uploading → 'Added Successfully!' → reset and `onAdded` after 2 s.
 * Adding invalidates the traders list, so every screen showing it refreshes.
 */
export function AddTraderForm({ onAdded }: { onAdded: () => void }) {
  const upload = useApiMutation('uploadImage', { as: 'admin' });
  const create = useApiMutation('createTrader', { invalidates: ['getTraders'] });
  const [values, setValues] = useState(empty);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const wins = parsePlainNumber(values.wins) ?? 0;
  const losses = parsePlainNumber(values.losses) ?? 0;
  const rate = winRate(wins, losses);
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const { busy: uploading, onSubmit } = useToastForm({
    check: () => {
      const found = validate(values, image);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    toasts: { success: 'Trader added successfully', failure: (error) => (error instanceof UploadFailed ? error.message : 'Failed to upload trader.') },
    request: async () => {
      // `check` has passed: this only narrows the type.
      if (!image) throw new Error('checked');
      const uploaded = await upload.mutateAsync({ input: { file: image, filename: image.name } }).catch((error: unknown) => {
        throw new UploadFailed(errorMessage(error, 'Failed to upload image'));
      });
      if (!uploaded.mediaUrl) throw new UploadFailed('Failed to upload image');
      const body = { name: values.name.trim(), imageUrl: uploaded.mediaUrl, wins, losses, winRate: rate, profitShare: values.profitShare.trim() };
      return create.mutateAsync({ input: { body } });
    },
    done: () => {
      setAdded(true);
      timer.current = setTimeout(() => {
        setValues(empty);
        setImage(null);
        setAdded(false);
        onAdded();
      }, RESET_AFTER_MS);
    },
  });

  const busy = uploading || added;
  return (
    <FormGrid noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Add trader">
      <Input label="Name" name="name" value={values.name} onChange={set('name')} error={errors.name} placeholder="Trader name" disabled={busy} />
      <Input label="Wins" name="wins" type="number" min={0} value={values.wins} onChange={set('wins')} error={errors.wins} placeholder="0" disabled={busy} />
      <Input label="Losses" name="losses" type="number" min={0} value={values.losses} onChange={set('losses')} error={errors.losses} placeholder="0" disabled={busy} />
      <Input label="Win rate" name="winRate" value={`${rate}%`} onChange={() => undefined} readOnly hint="Computed from wins and losses" />
      <Input label="Profit share" name="profitShare" value={values.profitShare} onChange={set('profitShare')} error={errors.profitShare} placeholder="e.g. 20%" disabled={busy} />
      <FullRow>
        <ImageDrop
          file={image}
          error={errors.image}
          onChange={(file) => {
            setImage(file);
            setErrors((e) => ({ ...e, image: undefined }));
          }}
        />
      </FullRow>
      <FullRow>
        {added ? (
          <Added role="status">Added Successfully!</Added>
        ) : (
          <Button type="submit" loading={uploading} disabled={busy}>
            {uploading ? 'Uploading...' : 'Add Trader'}
          </Button>
        )}
      </FullRow>
    </FormGrid>
  );
}
