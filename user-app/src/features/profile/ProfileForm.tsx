import { useState, type ReactNode } from 'react';
import { Button, FormStack, Heading, Panel, Row } from '@halcyon/shared-ui';
import type { UpdateProfileBody, UserProfile } from '@halcyon/api-client/model';
import { sendWithPasskey, stepUpPasskey } from '@halcyon/api-client/http';
import { useApiMutation, useProfileQuery } from '@halcyon/api-client/react';
import { useToastForm } from '@halcyon/app-kit';
import { IdentityFields } from './IdentityFields';
import { ProfileState } from './ProfileState';

/** What a profile form's fields see: the values shown (saved, or the draft while editing). */
export interface ProfileDraft<D> {
  profile: UserProfile;
  shown: D;
  editing: boolean;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
}

/** A profile form's texts (spec 7): heading, the panel's accessible name, the button that starts editing, the save's toasts. */
interface ProfileFormTexts {
  title: string;
  label: string;
  edit: string;
  success: string;
  failure: string;
}

export interface ProfileFormProps<D> {
  texts: ProfileFormTexts;
  toDraft: (profile: UserProfile) => D;
  toBody: (draft: D) => UpdateProfileBody;
  /** True while the draft must not be saved (its field shows why). */
  invalid?: (draft: D) => boolean;
  /** Shown in the panel above the form (e.g. the picture). */
  aside?: (form: ProfileDraft<D>) => ReactNode;
  children: (form: ProfileDraft<D>) => ReactNode;
}

/**
 * The profile as a form that is read-only until `texts.edit`; 'Save Changes' PATCHes `toBody(draft)`
 * (every screen showing the profile reads it again) and goes back to read-only on success, Cancel
 * drops the draft. Name, username and email are never editable here. A payout change of an account
 * with passkeys and no two-factor answers PASSKEY_REQUIRED: a passkey confirms it (a security
 * change) and it is sent again with it (docs/security.md "Passkeys").
 */
export function ProfileForm<D>({ texts, toDraft, toBody, invalid, aside, children }: ProfileFormProps<D>) {
  const query = useProfileQuery();
  const profile = query.data;
  const update = useApiMutation('updateProfile', { invalidates: ['getProfile'] });
  const [draft, setDraft] = useState<D | null>(null);
  const { busy: saving, onSubmit } = useToastForm({
    check: () => draft !== null && !(invalid?.(draft) ?? false),
    toasts: { success: texts.success, failure: texts.failure },
    request: () => {
      // `check` has passed: this only narrows the type.
      if (!draft) throw new Error('checked');
      const body = toBody(draft);
      return sendWithPasskey(
        (passkey) => update.mutateAsync({ input: { body: passkey ? { ...body, passkey } : body } }),
        () => stepUpPasskey({ purpose: 'security' }),
      );
    },
    done: () => setDraft(null),
  });

  if (!profile) return <ProfileState query={query} />;
  const form: ProfileDraft<D> = {
    profile,
    shown: draft ?? toDraft(profile),
    editing: draft !== null,
    set: (key, value) => setDraft((d) => (d ? { ...d, [key]: value } : d)),
  };
  const blocked = invalid?.(form.shown) ?? false;

  return (
    <>
      <Heading>{texts.title}</Heading>
      <ProfileState query={query} />
      <Panel aria-label={texts.label}>
        {aside?.(form)}
        <FormStack onSubmit={(e) => void onSubmit(e)} noValidate>
          <IdentityFields profile={profile} />
          {children(form)}
          <Row>
            {form.editing ? (
              <>
                <Button key="save" type="submit" loading={saving} disabled={blocked}>
                  Save Changes
                </Button>
                <Button key="cancel" variant="secondary" onClick={() => setDraft(null)} disabled={saving}>
                  Cancel
                </Button>
              </>
            ) : (
              // Keyed apart from "Save Changes": reusing the same <button> would let this click submit the form.
              <Button key="edit" onClick={() => setDraft(toDraft(profile))}>
                {texts.edit}
              </Button>
            )}
          </Row>
        </FormStack>
      </Panel>
    </>
  );
}
