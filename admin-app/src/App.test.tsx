import { screen } from '@testing-library/react';
import { renderWithProviders } from './test/render';
import { plan, solvency } from './test/fixtures';
import { ok, page, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import App from './App';

let http: HttpStub;
afterEach(() => http.restore());

describe('App routes', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/admin/solvency': ok(solvency()), 'GET /api/admin/users': page([]), 'GET /api/plan/all': page([plan()]) });
  });

  it('sends /admin to the overview', async () => {
    renderWithProviders(<App />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/overview');
  });

  it('loads a screen lazily by its path', async () => {
    renderWithProviders(<App />, { route: '/admin/plans' });
    expect(await screen.findByText('Gold')).toBeInTheDocument();
  });

  it('sends an unknown path to the overview', async () => {
    renderWithProviders(<App />, { route: '/admin/nope' });
    expect(await screen.findByRole('heading', { name: 'Total Deposit' })).toBeInTheDocument();
  });
});
