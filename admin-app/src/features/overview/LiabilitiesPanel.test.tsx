import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../../test/render';
import { liabilitySnapshot } from '../../test/fixtures';
import { findErrorToast, findSuccessToast } from '../../test/toasts';
import { LiabilitiesPanel } from './LiabilitiesPanel';

let http: HttpStub;
afterEach(() => http.restore());

describe('LiabilitiesPanel', () => {
  it('before the first snapshot says so; publishing shows the root, the totals and the recheck', async () => {
    http = stubHttp({
      'GET /api/liabilities/latest': ok(null),
      'GET /api/admin/liabilities/audit': ok(null),
      'POST /api/admin/liabilities': fail(500, 'Something went wrong'),
    });
    renderWithProviders(<LiabilitiesPanel />);
    expect(await screen.findByText(/No snapshot published yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish new snapshot' }));
    await findErrorToast('Something went wrong');

    const snapshot = liabilitySnapshot();
    http
      .on('POST /api/admin/liabilities', { status: 201, body: { data: snapshot, message: 'Proof of liabilities published.' } })
      .on('GET /api/liabilities/latest', ok(snapshot))
      .on('GET /api/admin/liabilities/audit', ok({ snapshotId: snapshot.id, ok: true, problem: null, leafCount: 3 }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish new snapshot' }));
    await findSuccessToast('Proof of liabilities published.');
    expect(await screen.findByText(snapshot.rootHash)).toBeInTheDocument();
    expect(await screen.findByText('Rechecked: every node adds up and every investor account is in the tree.')).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'Published liability totals' });
    expect(within(within(totals).getByText('USDT').closest('tr') as HTMLElement).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(within(totals).getByText('Bitcoin').closest('tr') as HTMLElement).getByText('$250.00')).toBeInTheDocument();
    expect(within(within(totals).getByText('Earnings').closest('tr') as HTMLElement).getByText('$50.00')).toBeInTheDocument();
  });

  it('a failed recheck names the problem', async () => {
    const snapshot = liabilitySnapshot();
    http = stubHttp({
      'GET /api/liabilities/latest': ok(snapshot),
      'GET /api/admin/liabilities/audit': ok({ snapshotId: snapshot.id, ok: false, problem: 'The account u9 is missing from the tree', leafCount: null }),
    });
    renderWithProviders(<LiabilitiesPanel />);
    expect(await screen.findByText('Recheck failed: The account u9 is missing from the tree')).toBeInTheDocument();
  });
});
