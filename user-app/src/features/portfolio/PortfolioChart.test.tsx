import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortfolioHistory } from '@halcyon/api-client/model';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../../test/render';
import { PortfolioChart } from './PortfolioChart';

let http: HttpStub;
afterEach(() => http.restore());

const history = (range: string, values: number[], events: PortfolioHistory['events'] = []): PortfolioHistory => ({
  range,
  points: values.map((value, i) => ({ at: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(), value })),
  events,
});

describe('PortfolioChart', () => {
  it('draws the value over 30 days with deposits and withdrawals marked, described for screen readers', async () => {
    http = stubHttp({
      'GET /api/user/portfolio/history': ok(
        history('30d', [0, 0, 1000, 900, 905], [
          { at: '2026-11-03T00:00:00.000Z', kind: 'deposit', amount: 1000 },
          { at: '2026-11-04T00:00:00.000Z', kind: 'withdrawal', amount: 100 },
        ]),
      ),
    });
    renderWithProviders(<PortfolioChart />);
    const chart = await screen.findByRole('img', { name: /Portfolio value over the last 30 days/ });
    expect(chart).toHaveAccessibleDescription('From $0.00 to $905.00; 1 deposits and 1 withdrawals marked.');
    expect(within(chart).getByText('Deposit of $1,000.00 on Nov 3, 2026')).toBeInTheDocument();
    expect(within(chart).getByText('Withdrawal of $100.00 on Nov 4, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(http.requests.map((r) => `${r.path}?${r.query.toString()}`)).toContain('/api/user/portfolio/history?range=30d');
  });

  it('switches period and asks the server for it', async () => {
    http = stubHttp({ 'GET /api/user/portfolio/history': ok(history('30d', [5, 5])) });
    renderWithProviders(<PortfolioChart />);
    await screen.findByRole('img', { name: /last 30 days/ });
    http.on('GET /api/user/portfolio/history', ok(history('1y', [1, 2, 3])));
    await userEvent.click(screen.getByRole('button', { name: '1 year' }));
    expect(await screen.findByRole('img', { name: /Portfolio value over the last year/ })).toHaveAccessibleDescription('From $1.00 to $3.00; 0 deposits and 0 withdrawals marked.');
    expect(screen.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
    expect(http.requests.map((r) => `${r.path}?${r.query.toString()}`)).toContain('/api/user/portfolio/history?range=1y');
  });

  it('a failed read says so with a retry', async () => {
    http = stubHttp({ 'GET /api/user/portfolio/history': fail(500, 'Database unavailable') });
    renderWithProviders(<PortfolioChart />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
