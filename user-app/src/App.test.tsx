import { screen, waitFor, within } from '@testing-library/react';
import { brandAtom, DEFAULT_BRAND, store } from '@halcyon/api-client/http';
import userEvent from '@testing-library/user-event';
import { profile } from './test/fixtures';
import { ok, stubHttp, type HttpStub, page } from '@halcyon/api-client/testing';
import { currentPath, renderWithProviders, signIn } from './test/render';
import App from './App';

let http: HttpStub;
beforeEach(() => {
  signIn(profile());
  http = stubHttp({ 'GET /api/user/profile': ok(profile()), 'GET /api/transaction/all': page([]) });
});
afterEach(() => http.restore());

const mount = (route: string) => renderWithProviders(<App />, { route, path: '/user/*' });

describe('user area', () => {
  it('redirects /user to /user/main and renders the dashboard in the layout', async () => {
    mount('/user');
    expect(await screen.findByRole('heading', { name: 'Total portfolio' })).toBeInTheDocument();
    expect(currentPath()).toBe('/user/main');
    expect(screen.getByText('Copyright © 2025 Halcyon. All Rights Reserved.')).toBeInTheDocument();
  });

  it('shows the brand the shell set from the runtime config', async () => {
    store.set(brandAtom, 'Acme Capital');
    try {
      mount('/user/main');
      expect(await screen.findByText('Copyright © 2025 Acme Capital. All Rights Reserved.')).toBeInTheDocument();
    } finally {
      store.set(brandAtom, DEFAULT_BRAND);
    }
  });

  it('has a skip link, the top bar shortcuts and logo, a phone header with the logo, and five bottom tabs with the active one marked', async () => {
    mount('/user/main');
    // The top bar is CSS-hidden below 1024 px (jsdom has no wide viewport), hence `hidden: true`.
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts', hidden: true }));
    expect(shortcuts.getByRole('link', { name: 'Withdraw', hidden: true })).toHaveAttribute('href', '/user/withdraw');
    expect(shortcuts.getByRole('link', { name: 'Deposit', hidden: true })).toHaveAttribute('href', '/user/deposit');
    expect(shortcuts.getByRole('link', { name: 'Trade', hidden: true })).toHaveAttribute('href', '/user/invest');
    // The top bar on wide screens, the phone header below 1024 px: each has the logo.
    const banners = screen.getAllByRole('banner', { hidden: true });
    expect(banners).toHaveLength(2);
    for (const banner of banners) expect(banner.querySelector('a[href="/"]')).not.toBeNull();
    // The keyboard's first stop skips to the screen, which takes the focus.
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector('a[href], button')).toBe(skip);
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Home', '/user/main'],
      ['My trade', '/user/investment-log'],
      ['Transactions', '/user/transactions'],
      ['Markets', '/user/market'],
      ['Copy Trading', '/user/copy-trading'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
    expect(tabs[2]).not.toHaveAttribute('aria-current');
    await screen.findByText('$4,300.50');
  });

  it('loads a lazy screen from a tab and moves the highlight', async () => {
    const u = userEvent.setup();
    mount('/user/main');
    await screen.findByText('$4,300.50');
    await u.click(screen.getByRole('link', { name: 'Transactions' }));
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('reads the profile once for the dashboard and the withdraw screen (one shared cache)', async () => {
    const u = userEvent.setup();
    mount('/user/main');
    await screen.findByText('$4,300.50');
    await u.click(within(await screen.findByRole('navigation', { name: 'Quick actions' })).getByRole('link', { name: 'Withdraw' }));
    expect(await screen.findByRole('heading', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByText('$4,300.50')).toBeInTheDocument();
    expect(http.calls('GET /api/user/profile')).toHaveLength(1);
  });

  it('shows the market widgets area quietly unavailable when the third party cannot load (jsdom)', async () => {
    mount('/user/market');
    expect(await screen.findByRole('heading', { name: 'Markets' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Crypto market screener' })).toHaveTextContent('Market data unavailable'));
    expect(screen.getByRole('region', { name: 'Bitcoin to USDT price chart' })).toHaveTextContent('Market data unavailable');
    expect(screen.getByRole('region', { name: 'Market overview' })).toHaveTextContent('Market data unavailable');
  });
});
