import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { plan, userRow } from '../test/fixtures';
import { networkError, stubHttp, page, type HttpStub } from '@halcyon/api-client/testing';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import CreatePlanScreen from './CreatePlanScreen';
import PlansScreen from './PlansScreen';

let http: HttpStub;
afterEach(() => http.restore());

describe('CreatePlanScreen', () => {
  beforeEach(() => {
    http = stubHttp({ 'GET /api/admin/users': page([userRow({ uid: 'u9', name: 'Owner Olu', email: 'olu@example.com' })]) });
  });

  async function fillNumbers() {
    await userEvent.type(screen.getByLabelText(/Minimum amount/), '100');
    await userEvent.type(screen.getByLabelText(/Maximum amount/), '5000');
    await userEvent.type(screen.getByLabelText(/Returns/), '12.5');
    await userEvent.type(screen.getByLabelText(/Duration/), '30');
  }

  it('uses number inputs and creates a public plan without a name as numbers', async () => {
    http.on('POST /api/admin/plans', { status: 201, body: { data: plan() } });
    renderWithProviders(<CreatePlanScreen />);
    for (const label of [/Minimum amount/, /Maximum amount/, /Returns/, /Duration/]) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'number');
    await fillNumbers();
    await userEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await findSuccessToast('Plan created successfully!');
    expect(http.mutations()[0]?.body).toEqual({ name: null, minAmount: 100, maxAmount: 5000, returns: 12.5, duration: 30 });
    expect(screen.getByLabelText(/Minimum amount/)).toHaveValue(null);
  });

  it('sends the optional name and owner user', async () => {
    http.on('POST /api/admin/plans', { status: 201, body: { data: plan() } });
    renderWithProviders(<CreatePlanScreen />);
    await userEvent.type(screen.getByLabelText('Plan name'), 'Private Gold');
    await fillNumbers();
    // No user is read until the admin searches for one, and then only a handful of matches.
    expect(http.calls('GET /api/admin/users')).toHaveLength(0);
    // Enter searches at once; it does not submit the plan.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find owner user' }), 'olu{Enter}');
    await userEvent.selectOptions(screen.getByLabelText('Owner user'), await screen.findByRole('option', { name: 'Owner Olu (olu@example.com)' }));
    expect(http.calls('GET /api/admin/users').map((r) => r.query.toString())).toEqual(['q=olu&limit=20']);
    expect(http.mutations()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await findSuccessToast('Plan created successfully!');
    expect(http.mutations()[0]?.body).toEqual({ name: 'Private Gold', minAmount: 100, maxAmount: 5000, returns: 12.5, duration: 30, uid: 'u9' });
  });

  it("shows the server's message, else 'Failed to create plan.'", async () => {
    http.on('POST /api/admin/plans', { status: 400, body: { message: 'maxAmount must be at least minAmount', code: 'BAD_INPUT' } });
    renderWithProviders(<CreatePlanScreen />);
    await fillNumbers();
    await userEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await findErrorToast('maxAmount must be at least minAmount');
    http.on('POST /api/admin/plans', networkError);
    await userEvent.click(screen.getByRole('button', { name: 'Create Plan' }));
    await findErrorToast('Failed to create plan.');
  });
});

describe('PlansScreen', () => {
  it('shows plans as cards and deletes one after confirmation', async () => {
    http = stubHttp({
      'GET /api/plan/all': page([plan({ id: 'p1', name: 'Gold' }), plan({ id: 'p2', name: null, returns: 5, duration: 7, uid: 'u1', user: { name: 'Jane Doe' } })]),
      'DELETE /api/admin/plans/:id': { body: { message: 'Plan deleted' } },
    });
    renderWithProviders(<PlansScreen />);
    const gold = (await screen.findByText('Gold')).closest('li') as HTMLElement;
    expect(within(gold).getByText('$100.00')).toBeInTheDocument();
    expect(within(gold).getByText('$5,000.00')).toBeInTheDocument();
    expect(within(gold).getByText('12.5%')).toBeInTheDocument();
    expect(within(gold).getByText('30 days')).toBeInTheDocument();
    expect(within(gold).getByText('Everyone')).toBeInTheDocument();
    expect(screen.getByText('5% for 7 days')).toBeInTheDocument();
    expect(http.requests[0]?.headers.get('authorization')).toBe('Bearer admin-test-token');

    http.on('GET /api/plan/all', page([plan({ id: 'p2', name: 'Left' })]));
    await userEvent.click(within(gold).getByRole('button', { name: 'Delete Plan Gold' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Plan' }));
    await findSuccessToast('Plan deleted successfully.');
    expect(http.mutations().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/admin/plans/p1']);
    expect(await screen.findByText('Left')).toBeInTheDocument();
    expect(screen.queryByText('Gold')).not.toBeInTheDocument();
  });

  it('shows the failure of a delete', async () => {
    http = stubHttp({ 'GET /api/plan/all': page([plan()]), 'DELETE /api/admin/plans/:id': networkError });
    renderWithProviders(<PlansScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Plan Gold' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Plan' }));
    await findErrorToast('Failed to delete plan.');
  });
});
