import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';
import { renderUi } from '../test/render';
import { Card } from './Card';
import { Footer } from './Footer';
import { Logo } from './Logo';
import { PageHeader } from './PageHeader';
import { Loading, Spinner } from './Spinner';
import { EmptyState, ErrorState } from './States';
import { useMediaQuery } from './hooks/useMediaQuery';

describe('Logo', () => {
  it('links to / with the brand as its name', async () => {
    const user = userEvent.setup();
    renderUi(
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/user/main" element={<Logo brand="Acme" />} />
      </Routes>,
      { route: '/user/main' },
    );
    const link = screen.getByRole('link', { name: 'Acme home' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).toHaveTextContent('Acme');
    await user.click(link);
    expect(screen.getByText('Home')).toBeInTheDocument();
  });

  it('defaults to Halcyon', () => {
    renderUi(<Logo />);
    expect(screen.getByRole('link', { name: 'Halcyon home' })).toBeInTheDocument();
  });
});

describe('Footer', () => {
  it('reads the copyright line with the configured brand', () => {
    renderUi(<Footer brand="Acme Invest" />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/^Copyright © 2025 Acme Invest\. All Rights Reserved\.$/);
  });
});

describe('Card', () => {
  it('is a section labelled by its title, with actions', () => {
    renderUi(
      <Card title="Total Deposit" actions={<button type="button">Deposit</button>}>
        $0.00
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Total Deposit' });
    expect(region).toHaveTextContent('$0.00');
    expect(screen.getByRole('heading', { level: 2, name: 'Total Deposit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
  });
});

describe('PageHeader', () => {
  it('shows a heading and a Back link to a path', () => {
    renderUi(<PageHeader title="Withdraw" back="/user/main" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/user/main');
  });

  it('goes to the previous page with back=true', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/user/main', '/user/payment-info']} initialIndex={1}>
        <ThemeProvider theme={theme}>
          <Routes>
            <Route path="/user/main" element={<p>Dashboard</p>} />
            <Route path="/user/payment-info" element={<PageHeader title="Payment" back />} />
          </Routes>
        </ThemeProvider>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });
});

describe('states', () => {
  it('Loading is a busy status with its label', () => {
    renderUi(<Loading label="Fetching plans..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Fetching plans...');
    expect(status).toHaveAttribute('aria-busy', 'true');
  });

  it('Spinner can carry a hidden label', () => {
    renderUi(<Spinner label="Loading chart" />);
    expect(screen.getByText('Loading chart')).toBeInTheDocument();
  });

  it('EmptyState shows its message', () => {
    renderUi(<EmptyState message="No investment transactions found." />);
    expect(screen.getByText('No investment transactions found.')).toBeInTheDocument();
  });

  it('ErrorState is an alert with an optional retry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const { rerender } = renderUi(<ErrorState message="Failed to fetch users." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch users.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<ErrorState message="Failed to fetch users." />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('useMediaQuery', () => {
  it('follows matchMedia changes', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    window.matchMedia = ((query: string) => ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })) as unknown as typeof window.matchMedia;
    function Probe() {
      return <p>{useMediaQuery('(min-width: 768px)') ? 'wide' : 'narrow'}</p>;
    }
    renderUi(<Probe />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    act(() => {
      matches = true;
      listeners.forEach((l) => l());
    });
    expect(screen.getByText('wide')).toBeInTheDocument();
  });
});
