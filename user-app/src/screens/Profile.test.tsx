import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { cachedProfile, renderWithProviders, signIn } from '../test/render';
import Profile from './Profile';

let http: HttpStub;
const me = profile({ phoneNumber: '+14155550123', dob: '1995-04-12', profilePic: null });
beforeEach(() => {
  signIn(me);
  http = stubHttp({ 'GET /api/user/profile': ok(me) });
});
afterEach(() => http.restore());

const show = async () => {
  // applyAccept off: the screen's own image check is what is under test.
  const u = userEvent.setup({ applyAccept: false });
  renderWithProviders(<Profile />, { route: '/user/profile' });
  await waitFor(() => expect(http.calls('GET /api/user/profile')).toHaveLength(1));
  return u;
};

describe('Profile', () => {
  it('is read-only until Update Profile, with the date of birth limited to 1990-01-01..2024-12-31', async () => {
    const u = await show();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    // Read: the date in words, as Settings shows it (not the browser's 04/12/1995 against 1995-04-12).
    expect(screen.getByLabelText('Date of birth')).toHaveValue('Apr 12, 1995');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload profile picture')).not.toBeInTheDocument();
    const edit = screen.getByRole('button', { name: 'Update Profile' });
    await u.click(edit);
    // A fresh <button>: if React reused this one as the submit button, browsers would submit on this very click.
    expect(edit).not.toBeInTheDocument();
    expect(http.calls('PATCH /api/user/profile')).toHaveLength(0);
    const dob = screen.getByLabelText('Date of birth');
    expect(dob).not.toHaveAttribute('readonly');
    expect(dob).toHaveAttribute('type', 'date');
    expect(dob).toHaveValue('1995-04-12');
    expect(dob).toHaveAttribute('min', '1990-01-01');
    expect(dob).toHaveAttribute('max', '2024-12-31');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('uploads a picture (images only) and saves profilePic, dob and phoneNumber', async () => {
    http.on('POST /api/image/upload-single', { status: 201, body: { mediaUrl: '/uploads/ada.png' } });
    // The server as it behaves: the saved fields are in the next GET.
    let saved = me;
    http.on('PATCH /api/user/profile', (req) => ok((saved = { ...me, ...(req.body as object) }), 'Saved'));
    http.on('GET /api/user/profile', () => ok(saved));
    const u = await show();
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));

    await u.upload(screen.getByLabelText('Upload profile picture'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please choose an image file.')).toBeInTheDocument();
    expect(http.calls('POST /api/image/upload-single')).toHaveLength(0);

    await u.upload(screen.getByLabelText('Upload profile picture'), new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(http.calls('POST /api/image/upload-single')).toHaveLength(1));
    const upload = http.calls('POST /api/image/upload-single')[0];
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(upload?.headers.get('authorization')).toBe('Bearer test-token');

    const dob = screen.getByLabelText('Date of birth');
    await u.clear(dob);
    await u.type(dob, '1999-12-31');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(http.calls('PATCH /api/user/profile').map((r) => r.body)).toEqual([{ profilePic: '/uploads/ada.png', phoneNumber: '+14155550123', dob: '1999-12-31' }]);
    // The save invalidates the shared profile: it is read again and shown.
    expect(http.calls('GET /api/user/profile')).toHaveLength(2);
    expect(cachedProfile()?.profilePic).toBe('/uploads/ada.png');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('Dec 31, 1999');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
  });

  it('shows the server\'s message, or "Failed to update profile"', async () => {
    http.on('PATCH /api/user/profile', fail(400, 'phoneNumber: must be an international number such as +14155550123'));
    const u = await show();
    await u.click(screen.getByRole('button', { name: 'Update Profile' }));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('phoneNumber: must be an international number such as +14155550123')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    http.on('PATCH /api/user/profile', () => Promise.reject(new TypeError('fetch failed')));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});
