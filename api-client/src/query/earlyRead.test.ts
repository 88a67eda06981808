import { beginEarlyRead, clearUserSessionAtom, configureApi, emptyUserSession, store, userSessionAtom } from '@halcyon/api-client/http';
import type { UserProfile } from '../contract';
import { ok, stubHttp } from '../testing';
import { readOf } from './hooks';
import { queryClient } from '@halcyon/seam/query';

const profile = (name: string): UserProfile => ({
  uid: 'u1', id: 'u1', role: 'user', name, username: 'ada', email: 'ada@example.com', phoneNumber: '+14155550123', dob: null, profilePic: null,
  state: '', city: '', bankName: '', accountNumber: '', routingNumber: '', bitcoin: '', ethereum: '', sol: '', usdt: '', earnings: 0, balance: 0,
  totalWithdrawals: 0, totalDeposits: 0, btcBal: 0, usdtBal: 0, ethBal: 0, solBal: 0, copyTraders: [], createdAt: '2026-11-22T00:00:00.000Z',
});

describe('a read begun before the cache existed (http/early.ts)', () => {
  beforeAll(() => configureApi({ baseUrl: 'http://localhost/api' }));
  afterEach(() => {
    queryClient.clear();
    store.set(clearUserSessionAtom);
  });

  it('answers the cache\'s first read without a request; the next read asks the server', async () => {
    const http = stubHttp({ 'GET /api/user/profile': ok(profile('from the server')) });
    try {
      store.set(userSessionAtom, { ...emptyUserSession, token: 't1' });
      beginEarlyRead('getProfile', Promise.resolve({ data: profile('from the login') }));
      await expect(queryClient.fetchQuery(readOf('getProfile'))).resolves.toEqual({ data: profile('from the login') });
      expect(http.calls('GET /api/user/profile')).toHaveLength(0);
      await queryClient.invalidateQueries();
      await expect(queryClient.fetchQuery({ ...readOf('getProfile'), staleTime: 0 })).resolves.toEqual({ data: profile('from the server') });
      expect(http.calls('GET /api/user/profile')).toHaveLength(1);
    } finally {
      http.restore();
    }
  });

  it('an answer that has already come is the cache\'s first data: the first render shows it, with no request', async () => {
    const http = stubHttp({ 'GET /api/user/profile': ok(profile('from the server')) });
    try {
      store.set(userSessionAtom, { ...emptyUserSession, token: 't1' });
      beginEarlyRead('getProfile', Promise.resolve({ data: profile('early') }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      const query = queryClient.getQueryCache().build(queryClient, readOf('getProfile'));
      expect(query.state.data).toEqual({ data: profile('early') });
      expect(query.state.status).toBe('success');
      expect(http.calls('GET /api/user/profile')).toHaveLength(0);
    } finally {
      http.restore();
    }
  });
});
