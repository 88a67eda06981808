import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { trader } from '../test/fixtures';
import { malformed, networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import AllTradersScreen from './AllTradersScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('AllTradersScreen', () => {
  it('shows traders as cards with wins, losses, win rate and profit share, fetched with the admin token', async () => {
    http = stubHttp({ 'GET /api/copyTrade': page([trader()]) });
    renderWithProviders(<AllTradersScreen />);
    const card = (await screen.findByText('Max Alpha')).closest('li') as HTMLElement;
    expect(within(card).getByText('75%')).toBeInTheDocument();
    expect(within(card).getByText('20%')).toBeInTheDocument();
    expect(within(card).getByText('30')).toBeInTheDocument();
    expect(http.requests[0]?.headers.get('authorization')).toBe('Bearer admin-test-token');
  });

  it('deletes after confirmation and refreshes; failure toast', async () => {
    http = stubHttp({ 'GET /api/copyTrade': page([trader()]), 'DELETE /api/copyTrade/:id': networkError });
    renderWithProviders(<AllTradersScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Max Alpha' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findErrorToast('Failed to delete trader');

    http.on('DELETE /api/copyTrade/:id', { body: { message: 'Deleted' } }).on('GET /api/copyTrade', page([]));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Max Alpha' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findSuccessToast('Trader deleted successfully');
    expect(await screen.findByText('No traders yet.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch traders' and 'Invalid data format received'", async () => {
    http = stubHttp({ 'GET /api/copyTrade': networkError });
    const { unmount } = renderWithProviders(<AllTradersScreen />);
    expect(await screen.findByText('Failed to fetch traders')).toBeInTheDocument();
    unmount();
    http.on('GET /api/copyTrade', malformed({ data: { not: 'a list' } }));
    renderWithProviders(<AllTradersScreen />);
    expect(await screen.findByText('Invalid data format received')).toBeInTheDocument();
  });
});
