import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, FormStack, Heading, Panel, Row } from '@halcyon/shared-ui';
import type { UpdateProfileBody, UserProfile } from '@halcyon/api-client/model';
import { useProfileQuery } from '@halcyon/api-client/react';
import { IdentityFields } from './IdentityFields';
import { ProfileState } from './ProfileState';
import { useSaveProfile } from './useSaveProfile';

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
 * and goes back to read-only on success, Cancel drops the draft. Name, username and email are never
 * editable here.
 */
export function ProfileForm<D>({ texts, toDraft, toBody, invalid, aside, children }: ProfileFormProps<D>) {
  const query = useProfileQuery();
  const profile = query.data;
  const { save, saving } = useSaveProfile(texts.success, texts.failure);
  const [draft, setDraft] = useState<D | null>(null);

  if (!profile) return <ProfileState query={query} />;
  const form: ProfileDraft<D> = {
    profile,
    shown: draft ?? toDraft(profile),
    editing: draft !== null,
    set: (key, value) => setDraft((d) => (d ? { ...d, [key]: value } : d)),
  };
  const blocked = invalid?.(form.shown) ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || blocked) return;
    if (await save(toBody(draft))) setDraft(null);
  };

  return (
    <>
      <Heading>{texts.title}</Heading>
      <ProfileState query={query} />
      <Panel aria-label={texts.label}>
        {aside?.(form)}
        <FormStack onSubmit={(e) => void submit(e)} noValidate>
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
