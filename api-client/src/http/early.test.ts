import { beginEarlyRead, takeArrivedEarlyRead, takeEarlyRead } from './early';
import { clearUserSessionAtom, store, userSessionAtom } from '@halcyon/seam';

const signIn = (token: string) => store.set(userSessionAtom, { user: { uid: 'u1', name: 'Ada', email: 'ada@example.com', username: 'ada', profilePic: null }, token, remember: false });

describe('early reads', () => {
  beforeEach(() => store.set(clearUserSessionAtom));

  it('answers the first read of the endpoint, once', async () => {
    signIn('t1');
    beginEarlyRead('getProfile', Promise.resolve({ data: 'profile' }));
    await expect(takeEarlyRead('getProfile')).resolves.toEqual({ data: 'profile' });
    expect(takeEarlyRead('getProfile')).toBeUndefined();
  });

  it('is not another endpoint\'s answer', () => {
    signIn('t1');
    beginEarlyRead('getProfile', Promise.resolve({}));
    expect(takeEarlyRead('getPortfolioHistory')).toBeUndefined();
  });

  it('is never shown to another session: begun for one token, taken under another, it is dropped', () => {
    signIn('t1');
    beginEarlyRead('getProfile', Promise.resolve({ data: 'first investor' }));
    signIn('t2');
    expect(takeEarlyRead('getProfile')).toBeUndefined();
    signIn('t1');
    expect(takeEarlyRead('getProfile')).toBeUndefined();
  });

  it('a failed early read is the taker\'s to report, and no unhandled rejection when nobody takes it', async () => {
    signIn('t1');
    beginEarlyRead('getProfile', Promise.reject(new Error('offline')));
    await expect(takeEarlyRead('getProfile')).rejects.toThrow('offline');
    beginEarlyRead('getProfile', Promise.reject(new Error('never taken')));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('takeArrivedEarlyRead gives the answer only once it has come, and only once', async () => {
    signIn('t1');
    let answer: (value: unknown) => void = () => undefined;
    beginEarlyRead('getProfile', new Promise((resolve) => (answer = resolve)));
    expect(takeArrivedEarlyRead('getProfile')).toBeUndefined();
    answer({ data: 'profile' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeArrivedEarlyRead('getProfile')).toEqual({ data: 'profile' });
    expect(takeArrivedEarlyRead('getProfile')).toBeUndefined();
    expect(takeEarlyRead('getProfile')).toBeUndefined();
  });
});
