import { clearUserSessionAtom, emptyUserSession, store, userSessionAtom } from '@halcyon/api-client/http';
import { queryKey } from './keys';
import { queryClient } from '@halcyon/seam/query';

describe('the clear action and the query cache', () => {
  it("logout drops the investor's cached reads (the profile with its bank numbers) and keeps the admin's", () => {
    store.set(userSessionAtom, { ...emptyUserSession, token: 't' });
    queryClient.setQueryData(queryKey('getProfile'), { data: { accountNumber: '0123456789' } });
    queryClient.setQueryData(queryKey('listUsers'), { data: [] });
    store.set(clearUserSessionAtom);
    expect(queryClient.getQueryData(queryKey('getProfile'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKey('listUsers'))).toEqual({ data: [] });
    queryClient.clear();
  });
});
