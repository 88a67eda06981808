import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell, resetShellState, stubApi, typedBeforeStart } from '../../test/harness';
import { userProfile } from '../../test/fixtures';

beforeEach(resetShellState);

async function fill(confirm: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada');
  await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '4155550123');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Copper-Violin-2917');
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('Register (/auth/register)', () => {
  it('starts from what was typed into the prerendered form before the app ran (not the phone), focus included', async () => {
    const prerendered = typedBeforeStart(
      '<input name="firstName"><input name="lastName"><input name="email" type="email"><input name="confirmPassword" type="password">',
      { firstName: 'Ada', email: 'ada@example.com' },
      'email',
    );
    renderShell('/auth/register');
    const field = await screen.findByRole('textbox', { name: 'Email' });
    prerendered.remove();
    expect(field).toHaveValue('ada@example.com');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('has the spec fields and a link to the login', async () => {
    renderShell('/auth/register');
    // The screen is loaded on first visit (lazy route).
    await screen.findByRole('textbox', { name: 'Email' });
    for (const name of ['First Name', 'Last Name', 'Username', 'Phone Number', 'Email']) expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  });

  it("says 'Passwords do not match!' and sends no request when they differ", async () => {
    const calls = stubApi({});
    renderShell('/auth/register');
    await fill('something-else');
    expect((await screen.findAllByText('Passwords do not match!')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('refuses a name with a link, by the rule the server applies, and sends no request', async () => {
    const calls = stubApi({});
    renderShell('/auth/register');
    await userEvent.setup({ delay: null }).type(await screen.findByRole('textbox', { name: 'First Name' }), 'www.evil ');
    await fill('Copper-Violin-2917');
    // Under the field and in the toast.
    const message = 'First Name must not contain a link or web address (such as https://, www. or example.com).';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(calls).toHaveLength(0);
  });

  it('requires every field before sending', async () => {
    const calls = stubApi({});
    renderShell('/auth/register');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Register' }));
    // All seven, however the renders are spread (findAll would settle at the first one).
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(7));
    expect(calls).toHaveLength(0);
  });

  it('sends name = first + last, shows the toasts and goes to /auth/login', async () => {
    const calls = stubApi({ 'POST /auth/register': { status: 201, json: { data: userProfile, message: 'Registered' } } });
    renderShell('/auth/register');
    await fill('Copper-Violin-2917');
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ name: 'Ada Lovelace', username: 'ada', phone: '+14155550123', email: 'ada@example.com', password: 'Copper-Violin-2917' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    // The login form has the new account's email: the password is all that is left to type.
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  });

  it("a success closes the form's stale 'Passwords do not match!' toast (issue 29: it stayed up on the new investor's dashboard)", async () => {
    stubApi({ 'POST /auth/register': { status: 201, json: { data: userProfile, message: 'Registered' } } });
    renderShell('/auth/register');
    await fill('something-else');
    const toasts = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByRole('alert')).toHaveTextContent('Passwords do not match!');
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Copper-Violin-2917');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await within(toasts).findByText('Registration Successful!')).toBeInTheDocument();
    // Closing (jsdom plays no exit animation, so it stays in the DOM without the role of a shown toast).
    await waitFor(() => expect(within(toasts).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the loading toast while the request runs', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    renderShell('/auth/register');
    await fill('Copper-Violin-2917');
    expect(await screen.findByText('Please wait...')).toBeInTheDocument();
  });

  it("shows the server's reason when registration fails and stays", async () => {
    stubApi({ 'POST /auth/register': { status: 409, json: { message: 'That email is already registered', code: 'DUPLICATE' } } });
    renderShell('/auth/register');
    await fill('Copper-Violin-2917');
    expect(await screen.findByText('That email is already registered')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/register');
  });
});
