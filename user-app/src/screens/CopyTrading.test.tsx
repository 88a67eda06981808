import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@halcyon/api-client/react';
import { profile, trader } from '../test/fixtures';
import { fail, malformed, ok, stubHttp, type HttpStub, type StubHandler, page } from '@halcyon/api-client/testing';
import { cachedProfile, renderWithProviders, signIn } from '../test/render';
import CopyTrading from './CopyTrading';

let http: HttpStub;
const traders = [
  trader({ _id: 'tr-1', name: 'Grace Hopper', wins: 70, losses: 30, winRate: 70, profitShare: '20%' }),
  trader({ _id: 'tr-2', name: 'Alan Turing', wins: 59, losses: 41, winRate: 59, profitShare: '15%' }),
];
// Who is copied comes from the profile (GET /user/profile), which a toggle changes on the server.
let copied: string[];
beforeEach(() => {
  copied = ['tr-2'];
  signIn(profile({ copyTraders: copied }));
});
afterEach(() => http.restore());

const stub = (routes: Record<string, StubHandler>) => stubHttp({ 'GET /api/user/profile': () => ok(profile({ copyTraders: copied })), ...routes });
const toggles = (id: string, copying: boolean): StubHandler => () => {
  copied = copying ? [...copied, id] : copied.filter((c) => c !== id);
  return ok({ copying, copyTraders: copied }, 'ok');
};

const show = () => renderWithProviders(<CopyTrading />, { route: '/user/copy-trading' });
const card = (name: string) => screen.getByRole('listitem', { name });

describe('Copy trading', () => {
  it('shows a card per trader; win rate green at 60 or more, orange below; Copy or Cancel from the profile', async () => {
    http = stub({ 'GET /api/copyTrade': page(traders) });
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
    expect(await alan.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('shows the first page of traders, and the next on Load more', async () => {
    http = stub({ 'GET /api/copyTrade': (request) => (request.query.get('cursor') === 'c2.sig' ? page([traders[1]]) : page([traders[0]], 'c2.sig')) });
    show();
    await screen.findByText('Grace Hopper');
    expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    expect(http.calls('GET /api/copyTrade').map((r) => r.query.toString())).toEqual(['', 'cursor=c2.sig']);
  });

  it('accepts a bare array too (all of it: no next page)', async () => {
    http = stub({ 'GET /api/copyTrade': malformed(traders) });
    show();
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('rejects any other shape with "Invalid data format received"', async () => {
    http = stub({ 'GET /api/copyTrade': malformed({ data: { traders } }) });
    show();
    expect(await screen.findByText('Invalid data format received')).toBeInTheDocument();
  });

  it('toggles: Started copying! / Stopped copying!, reading the profile again', async () => {
    http = stub({
      'GET /api/copyTrade': page(traders),
      'POST /api/copyTrade/toggle/tr-1': toggles('tr-1', true),
      'POST /api/copyTrade/toggle/tr-2': toggles('tr-2', false),
    });
    const u = userEvent.setup();
    show();
    await within(await screen.findByRole('listitem', { name: 'Alan Turing' })).findByRole('button', { name: 'Cancel' });
    await u.click(within(card('Grace Hopper')).getByRole('button', { name: 'Copy' }));
    // Copying waits for a yes (issue 29); "Not now" sends nothing.
    const ask = await screen.findByRole('dialog', { name: 'Copy Grace Hopper?' });
    expect(ask).toHaveTextContent('of the profit goes to them. You can stop copying at any time.');
    await u.click(within(ask).getByRole('button', { name: 'Not now' }));
    expect(http.calls('POST /api/copyTrade/toggle/tr-1')).toHaveLength(0);
    await u.click(within(card('Grace Hopper')).getByRole('button', { name: 'Copy' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Copy Grace Hopper?' })).getByRole('button', { name: 'Start copying' }));
    expect(await screen.findByText('Started copying!')).toBeInTheDocument();
    expect(within(card('Grace Hopper')).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(http.calls('POST /api/copyTrade/toggle/tr-1')[0]?.body).toBeUndefined();
    expect(cachedProfile()?.copyTraders).toEqual(['tr-2', 'tr-1']);
    expect(http.calls('GET /api/user/profile')).toHaveLength(2);
    await u.click(within(card('Alan Turing')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Stopped copying!')).toBeInTheDocument();
    expect(within(card('Alan Turing')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows the server\'s message, or "Failed to toggle copy" / "Failed to fetch traders"', async () => {
    http = stub({ 'GET /api/copyTrade': page(traders), 'POST /api/copyTrade/toggle/tr-1': fail(404, 'Trader not found') });
    const u = userEvent.setup();
    const { unmount } = show();
    await screen.findByText('Grace Hopper');
    const copy = async () => {
      await u.click(within(card('Grace Hopper')).getByRole('button', { name: 'Copy' }));
      await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start copying' }));
    };
    await copy();
    expect(await screen.findByText('Trader not found')).toBeInTheDocument();
    http.on('POST /api/copyTrade/toggle/tr-1', () => Promise.reject(new TypeError('fetch failed')));
    await copy();
    expect(await screen.findByText('Failed to toggle copy')).toBeInTheDocument();
    unmount();
    queryClient.clear(); // a later visit with nothing cached
    http.on('GET /api/copyTrade', () => Promise.reject(new TypeError('fetch failed')));
    show();
    expect(await screen.findByText('Failed to fetch traders')).toBeInTheDocument();
  });
});
