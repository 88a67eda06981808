import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { earning } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import EarningHistoryScreen from './EarningHistoryScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('EarningHistoryScreen', () => {
  it('lists credits, deductions and maturity payouts with reasons', async () => {
    http = stubHttp({
      'GET /api/admin/earnings/all': page([earning({ id: 'e1', amount: 50, reason: 'Bonus' }), earning({ id: 'e2', kind: 'maturity', amount: 125, actor: 'system', reason: 'Plan matured', createdAt: '2026-11-02T10:00:00.000Z' })]),
    });
    renderWithProviders(<EarningHistoryScreen />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('$50.00')).toBeInTheDocument();
    expect(within(table).getByText('$125.00')).toBeInTheDocument();
    expect(within(table).getByText('Maturity')).toBeInTheDocument();
    expect(within(table).getByText('System')).toBeInTheDocument();
    expect(within(table).getByText('Bonus')).toBeInTheDocument();
  });

  it('shows a failure', async () => {
    http = stubHttp({ 'GET /api/admin/earnings/all': networkError });
    renderWithProviders(<EarningHistoryScreen />);
    expect(await screen.findByText('Failed to fetch earnings.')).toBeInTheDocument();
  });
});
