import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, userSessionAtom } from '@halcyon/api-client';
import { profile, trader } from '../test/fixtures';
import { fail, ok, stubHttp, type HttpStub } from '../test/http-stub';
import { renderWithProviders, signIn } from '../test/render';
import CopyTrading from './CopyTrading';

let http: HttpStub;
const traders = [
  trader({ _id: 'tr-1', name: 'Grace Hopper', wins: 70, losses: 30, winRate: 70, profitShare: '20%' }),
  trader({ _id: 'tr-2', name: 'Alan Turing', wins: 59, losses: 41, winRate: 59, profitShare: '15%' }),
];
beforeEach(() => signIn(profile({ copyTraders: ['tr-2'] })));
afterEach(() => http.restore());

const show = () => renderWithProviders(<CopyTrading />, { route: '/user/copy-trading' });
const card = (name: string) => screen.getByRole('listitem', { name });

describe('Copy trading', () => {
  it('shows a card per trader; win rate green at 60 or more, orange below; Copy or Cancel from the session', async () => {
    http = stubHttp({ 'GET /api/copyTrade': ok(traders) });
    show();
    await screen.findByText('Grace Hopper');
    const grace = within(card('Grace Hopper'));
    expect(grace.getByRole('img', { name: 'Grace Hopper' })).toHaveAttribute('src', '/uploads/grace.png');
    expect(grace.getByText('70%')).toHaveAttribute('data-tone', 'success');
    expect(grace.getByText('20%')).toBeInTheDocument();
    expect(grace.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const alan = within(card('Alan Turing'));
    expect(alan.getByText('59%')).toHaveAttribute('data-tone', 'orange');
    expect(alan.getByText('41')).toBeInTheDocument();
    expect(alan.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('accepts a bare array too', async () => {
    http = stubHttp({ 'GET /api/copyTrade': { status: 200, body: traders } });
    show();
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
  });

  it('rejects any other shape with "Invalid data format received"', async () => {
    http = stubHttp({ 'GET /api/copyTrade': { status: 200, body: { data: { traders } } } });
    show();
    expect(await screen.findByText('Invalid data format received')).toBeInTheDocument();
  });

  it('toggles: Started copying! / Stopped copying!, updating the session', async () => {
    http = stubHttp({
      'GET /api/copyTrade': ok(traders),
      'POST /api/copyTrade/toggle/tr-1': ok({ copying: true, copyTraders: ['tr-2', 'tr-1'] }, 'ok'),
      'POST /api/copyTrade/toggle/tr-2': ok({ copying: false, copyTraders: [] }, 'ok'),
    });
    const u = userEvent.setup();
    show();
    await screen.findByText('Grace Hopper');
    await u.click(within(card('Grace Hopper')).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Started copying!')).toBeInTheDocument();
    expect(within(card('Grace Hopper')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(http.calls('POST /api/copyTrade/toggle/tr-1')[0]?.body).toBeUndefined();
    expect(store.get(userSessionAtom).user?.copyTraders).toEqual(['tr-2', 'tr-1']);
    await u.click(within(card('Alan Turing')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Stopped copying!')).toBeInTheDocument();
    expect(within(card('Alan Turing')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows the server\'s message, or "Failed to toggle copy" / "Failed to fetch traders"', async () => {
    http = stubHttp({ 'GET /api/copyTrade': ok(traders), 'POST /api/copyTrade/toggle/tr-1': fail(404, 'Trader not found') });
    const u = userEvent.setup();
    const { unmount } = show();
    await screen.findByText('Grace Hopper');
    await u.click(within(card('Grace Hopper')).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Trader not found')).toBeInTheDocument();
    http.on('POST /api/copyTrade/toggle/tr-1', () => Promise.reject(new TypeError('fetch failed')));
    await u.click(within(card('Grace Hopper')).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to toggle copy')).toBeInTheDocument();
    unmount();
    http.on('GET /api/copyTrade', () => Promise.reject(new TypeError('fetch failed')));
    show();
    expect(await screen.findByText('Failed to fetch traders')).toBeInTheDocument();
  });
});
