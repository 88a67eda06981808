import { formatDate, Input, NarrowPage } from '@halcyon/shared-ui';
import { DOB_MAX, DOB_MIN, dobProblem, phoneRule, type UserProfile } from '@halcyon/api-client/model';
import { BackLink } from '../features/navigation/BackLink';
import { PictureUpload } from '../features/profile/PictureUpload';
import { ProfileForm } from '../features/profile/ProfileForm';

interface Draft {
  profilePic: string | null;
  phoneNumber: string;
  dob: string;
}

const TEXTS = { title: 'Profile', label: 'Profile details', edit: 'Update Profile', success: 'Profile updated successfully!', failure: 'Failed to update profile' };

const draftOf = (p: UserProfile): Draft => ({ profilePic: p.profilePic, phoneNumber: p.phoneNumber, dob: p.dob ?? '' });
const dobOutOfRange = (d: Draft) => d.dob !== '' && dobProblem(d.dob) !== null;

/** /user/profile: read-only until 'Update Profile'; saves picture, phone and date of birth. */
export default function Profile() {
  return (
    <NarrowPage>
      <BackLink />
      <ProfileForm
        texts={TEXTS}
        toDraft={draftOf}
        toBody={(d) => ({ profilePic: d.profilePic, phoneNumber: d.phoneNumber, dob: d.dob || null })}
        invalid={dobOutOfRange}
        aside={({ profile, shown, editing, set }) => <PictureUpload src={shown.profilePic} name={profile.name} editable={editing} onUploaded={(url) => set('profilePic', url)} />}
      >
        {({ shown, editing, set }) => (
          <>
            <Input label="Phone number" name="phoneNumber" type={editing ? 'phone' : 'text'} phoneRule={phoneRule} value={shown.phoneNumber} onChange={(v) => set('phoneNumber', v)} readOnly={!editing} placeholder="Not set" />
            <Input
              label="Date of birth"
              name="dob"
              // Read, it is a date in words, as Settings shows it; edited, the browser's date field.
              type={editing ? 'date' : 'text'}
              min={DOB_MIN}
              max={DOB_MAX}
              value={editing ? shown.dob : formatDate(shown.dob)}
              placeholder="Not set"
              onChange={(v) => set('dob', v)}
              readOnly={!editing}
              error={dobOutOfRange(shown) ? `Choose a date between ${DOB_MIN} and ${DOB_MAX}.` : null}
            />
          </>
        )}
      </ProfileForm>
    </NarrowPage>
  );
}
