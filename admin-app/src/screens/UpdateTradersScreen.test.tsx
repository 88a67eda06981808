import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { trader } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import UpdateTradersScreen from './UpdateTradersScreen';

let http: HttpStub;
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'max.png', { type: 'image/png' });

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; wins?: string; losses?: string; share?: string; image?: boolean }) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.wins) await user.type(screen.getByLabelText('Wins'), values.wins);
  if (values.losses) await user.type(screen.getByLabelText('Losses'), values.losses);
  if (values.share) await user.type(screen.getByLabelText('Profit share'), values.share);
  if (values.image) await user.upload(screen.getByLabelText(/Choose an image/), png());
}

describe('UpdateTradersScreen', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/copyTrade': page([trader({ _id: 't1' }), trader({ _id: 't2', name: 'Bea Beta', winRate: 40 })]) });
  });

  it("shows 'Add New' and 'View All' with the trader count badge", async () => {
    renderWithProviders(<UpdateTradersScreen />);
    expect(screen.getByRole('tab', { name: 'Add New' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: /View All 2 traders/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /View All/ }));
    expect(await screen.findByText('Max Alpha')).toBeInTheDocument();
    expect(screen.getByText('Bea Beta')).toBeInTheDocument();
  });

  it('shows every required message and sends nothing', async () => {
    renderWithProviders(<UpdateTradersScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Trader' }));
    for (const message of ['Name is required', 'Wins is required', 'Losses is required', 'Profit share is required', 'Profile image is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(http.mutations()).toHaveLength(0);
  });

  it('applies the server\'s count rule to wins and losses: whole numbers, 0 or more', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdateTradersScreen />);
    await fill(user, { name: 'Nia', wins: '2.5', losses: '-1', share: '15%', image: true });
    await user.click(screen.getByRole('button', { name: 'Add Trader' }));
    expect(screen.getByText('Wins must be a whole number')).toBeInTheDocument();
    expect(screen.getByText('Losses must be 0 or more')).toBeInTheDocument();
    expect(http.mutations()).toHaveLength(0);
  });

  it('computes the win rate read-only, 0 when both are 0', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UpdateTradersScreen />);
    const rate = screen.getByLabelText('Win rate');
    expect(rate).toHaveAttribute('readonly');
    expect(rate).toHaveValue('0%');
    await fill(user, { wins: '0', losses: '0' });
    expect(rate).toHaveValue('0%');
    await user.clear(screen.getByLabelText('Wins'));
    await user.type(screen.getByLabelText('Wins'), '2');
    await user.clear(screen.getByLabelText('Losses'));
    await user.type(screen.getByLabelText('Losses'), '1');
    expect(rate).toHaveValue('67%');
  });

  it('takes an image by drag and drop and refuses other files', async () => {
    renderWithProviders(<UpdateTradersScreen />);
    const zone = screen.getByTestId('image-drop');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Only image files can be uploaded.')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(await screen.findByText('max.png')).toBeInTheDocument();
    expect(screen.queryByText('Only image files can be uploaded.')).not.toBeInTheDocument();
  });

  it("uploads the image, creates the trader, shows 'Added Successfully!', then resets and shows the list after 2 s", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    http.on('POST /api/image/upload-single', { status: 201, body: { mediaUrl: '/uploads/abc.png' } });
    http.on('POST /api/copyTrade', { status: 201, body: { data: trader({ _id: 't3', name: 'New Nia' }) } });
    renderWithProviders(<UpdateTradersScreen />);
    await fill(user, { name: 'New Nia', wins: '3', losses: '1', share: '15%', image: true });
    await user.click(screen.getByRole('button', { name: 'Add Trader' }));

    expect(await screen.findByText('Added Successfully!')).toBeInTheDocument();
    await findSuccessToast('Trader added successfully');
    const [upload, create] = http.mutations();
    expect(upload?.path).toBe('/api/image/upload-single');
    expect(upload?.headers.get('authorization')).toBe('Bearer admin-test-token');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(`${create?.method} ${create?.path}`).toBe('POST /api/copyTrade');
    expect(create?.body).toEqual({ name: 'New Nia', imageUrl: '/uploads/abc.png', wins: 3, losses: 1, winRate: 75, profitShare: '15%' });

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('tab', { name: 'Add New' })).toHaveAttribute('aria-selected', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('tab', { name: /View All/ })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Add New' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Win rate')).toHaveValue('0%');
  });

  it("says 'Failed to upload image' for an empty upload result and 'Failed to upload trader.' when creating fails", async () => {
    const user = userEvent.setup();
    http.on('POST /api/image/upload-single', { status: 201, body: { mediaUrl: '' } });
    renderWithProviders(<UpdateTradersScreen />);
    await fill(user, { name: 'New Nia', wins: '3', losses: '1', share: '15%', image: true });
    await user.click(screen.getByRole('button', { name: 'Add Trader' }));
    await findErrorToast('Failed to upload image');
    expect(http.mutations().map((r) => r.path)).toEqual(['/api/image/upload-single']);

    http.on('POST /api/image/upload-single', { status: 201, body: { mediaUrl: '/uploads/abc.png' } });
    http.on('POST /api/copyTrade', networkError);
    await user.click(screen.getByRole('button', { name: 'Add Trader' }));
    await findErrorToast('Failed to upload trader.');
    expect(screen.queryByText('Added Successfully!')).not.toBeInTheDocument();
  });

  it('deletes a trader from View All after confirmation', async () => {
    http.on('DELETE /api/copyTrade/:id', { body: { message: 'Deleted' } });
    renderWithProviders(<UpdateTradersScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: /View All/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bea Beta' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findSuccessToast('Trader deleted successfully');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/copyTrade/t2']);
  });
});
