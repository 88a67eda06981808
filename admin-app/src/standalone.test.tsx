import { act, render, screen } from '@testing-library/react';
import { adminSessionAtom, configureApi, emptyAdminSession, store } from '@halcyon/api-client/http';
import { queryClient } from '@halcyon/api-client/react';
import { ok, page, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { toast } from '@halcyon/shared-ui/toast';
import { ADMIN_TOKEN } from './test/render';
import { solvency, userRow } from './test/fixtures';
import { Standalone } from './standalone';

let http: HttpStub;
afterEach(() => {
  http.restore();
  store.set(adminSessionAtom, emptyAdminSession);
  window.history.replaceState(null, '', '/');
});

describe('Standalone (the remote on its own dev server)', () => {
  it('renders a deep link with its own router, store, query cache, theme and toaster', async () => {
    http = stubHttp({ 'GET /api/admin/solvency': ok(solvency({ totalUsers: 7 })), 'GET /api/admin/users': page([userRow()]) });
    configureApi({ baseUrl: 'http://localhost/api' });
    store.set(adminSessionAtom, { ...emptyAdminSession, token: ADMIN_TOKEN });
    window.history.replaceState(null, '', '/admin/overview');
    render(<Standalone />);
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
    expect(http.calls('GET /api/admin/users')[0]?.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
    act(() => {
      toast.success('Standalone toast');
    });
    expect(await screen.findByText('Standalone toast')).toBeInTheDocument();
  });
});
