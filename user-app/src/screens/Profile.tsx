import { useState, type FormEvent } from 'react';
import { Button, Input } from '@halcyon/shared-ui';
import { DOB_MAX, DOB_MIN, dobProblem, useProfileQuery, type UserProfile } from '@halcyon/api-client';
import { BackLink } from '../features/navigation/BackLink';
import { IdentityFields } from '../features/profile/IdentityFields';
import { PictureUpload } from '../features/profile/PictureUpload';
import { ProfileState } from '../features/profile/ProfileState';
import { useSaveProfile } from '../features/profile/useSaveProfile';
import { FormStack, Heading, NarrowPage, Panel, Row } from '../lib/ui';

interface Draft {
  profilePic: string | null;
  phoneNumber: string;
  dob: string;
}

const draftOf = (p: UserProfile): Draft => ({ profilePic: p.profilePic, phoneNumber: p.phoneNumber, dob: p.dob ?? '' });

/** /user/profile: read-only until 'Update Profile'; saves picture, phone and date of birth. */
export default function Profile() {
  const query = useProfileQuery();
  const profile = query.data;
  const { save, saving } = useSaveProfile('Profile updated successfully!', 'Failed to update profile');
  const [draft, setDraft] = useState<Draft | null>(null);

  if (!profile) {
    return (
      <NarrowPage>
        <ProfileState query={query} />
      </NarrowPage>
    );
  }
  const editing = draft !== null;
  const shown = draft ?? draftOf(profile);
  const dobOutOfRange = shown.dob !== '' && dobProblem(shown.dob) !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || dobOutOfRange) return;
    const ok = await save({ profilePic: draft.profilePic, phoneNumber: draft.phoneNumber, dob: draft.dob || null });
    if (ok) setDraft(null);
  };

  return (
    <NarrowPage>
      <BackLink />
      <Heading>Profile</Heading>
      <ProfileState query={query} />
      <Panel aria-label="Profile details">
        <PictureUpload src={shown.profilePic} name={profile.name} editable={editing} onUploaded={(url) => setDraft((d) => (d ? { ...d, profilePic: url } : d))} />
        <FormStack onSubmit={(e) => void submit(e)} noValidate>
          <IdentityFields profile={profile} />
          <Input label="Phone number" name="phoneNumber" type={editing ? 'phone' : 'text'} value={shown.phoneNumber} onChange={(v) => setDraft((d) => (d ? { ...d, phoneNumber: v } : d))} readOnly={!editing} placeholder="Not set" />
          <Input
            label="Date of birth"
            name="dob"
            type="date"
            min={DOB_MIN}
            max={DOB_MAX}
            value={shown.dob}
            onChange={(v) => setDraft((d) => (d ? { ...d, dob: v } : d))}
            readOnly={!editing}
            error={dobOutOfRange ? `Choose a date between ${DOB_MIN} and ${DOB_MAX}.` : null}
          />
          <Row>
            {editing ? (
              <>
                <Button key="save" type="submit" loading={saving} disabled={dobOutOfRange}>
                  Save Changes
                </Button>
                <Button key="cancel" variant="secondary" onClick={() => setDraft(null)} disabled={saving}>
                  Cancel
                </Button>
              </>
            ) : (
              // Keyed apart from "Save Changes": reusing the same <button> would let this click submit the form.
              <Button key="edit" onClick={() => setDraft(draftOf(profile))}>
                Update Profile
              </Button>
            )}
          </Row>
        </FormStack>
      </Panel>
    </NarrowPage>
  );
}
