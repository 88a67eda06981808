/** Session persistence: Remember Me → localStorage (survives the browser), else session; never bank numbers. */
import type { UserProfile } from '../contract/entities';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const local = new MemoryStorage();
const session = new MemoryStorage();

beforeAll(() => {
  // A browser-like window for this node-env test: only what session.ts reads.
  Object.assign(globalThis, { window: { localStorage: local, sessionStorage: session, location: { pathname: '/' } } });
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});
beforeEach(() => {
  local.clear();
  session.clear();
  jest.resetModules();
});

/** A fresh session module, as after a page reload. */
const load = () => import('@halcyon/seam');

/** A whole profile as GET /user/profile and the login return it (contract shape). */
const fullProfile: UserProfile = {
  uid: 'u-1', id: 'u-1', role: 'user', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com',
  phoneNumber: '+14155550123', dob: '1995-04-12', profilePic: '/uploads/ada.png', state: 'Lagos', city: 'Ikeja',
  bankName: 'First Bank', accountNumber: '0123456789', routingNumber: '021000021',
  bitcoin: 'bc1qada', ethereum: '0xada', sol: 'SoLada', usdt: 'TUada',
  earnings: 120, balance: 4300.5, totalWithdrawals: 250, totalDeposits: 5000, btcBal: 1500.25, usdtBal: 1000, ethBal: 1200.25, solBal: 600,
  copyTraders: ['tr-1'], createdAt: '2026-01-01T00:00:00.000Z',
};
const IDENTITY = { uid: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com', username: 'ada', profilePic: '/uploads/ada.png' };
/** Every value of the profile that is not identity: none may appear in storage. */
const SECRETS = ['First Bank', '0123456789', '021000021', 'bc1qada', '0xada', 'SoLada', 'TUada', '+14155550123', 'Lagos', 'Ikeja', '4300.5', '1500.25', 'tr-1'];
const stored = (s: Storage, key: string) => s.getItem(key) ?? '';

describe('session atoms in browser storage', () => {
  it('keeps a remembered user session in localStorage', async () => {
    const s = await load();
    s.store.set(s.userSessionAtom, { ...s.emptyUserSession, token: 't1', remember: true });
    expect(JSON.parse(local.getItem(s.STORAGE_KEYS.user) ?? '{}')).toMatchObject({ token: 't1', remember: true });
    expect(session.getItem(s.STORAGE_KEYS.user)).toBeNull();
  });

  it('keeps a session without Remember Me in sessionStorage, and moves it when that changes', async () => {
    const s = await load();
    s.store.set(s.userSessionAtom, { ...s.emptyUserSession, token: 't1', remember: true });
    s.store.set(s.userSessionAtom, { ...s.emptyUserSession, token: 't2', remember: false });
    expect(local.getItem(s.STORAGE_KEYS.user)).toBeNull();
    expect(JSON.parse(session.getItem(s.STORAGE_KEYS.user) ?? '{}')).toMatchObject({ token: 't2' });
  });

  it('rehydrates on start (a fresh module, as after a reload)', async () => {
    local.setItem('halcyon:admin', JSON.stringify({ admin: null, token: 'kept', remember: true }));
    const s = await load();
    expect(s.store.get(s.adminSessionAtom).token).toBe('kept');
    expect(s.store.get(s.userSessionAtom).token).toBeNull();
  });

  it('ignores corrupt stored JSON', async () => {
    local.setItem('halcyon:user', '{not json');
    const s = await load();
    expect(s.store.get(s.userSessionAtom).token).toBeNull();
    expect(local.getItem('halcyon:user')).toBeNull();
  });

  it('clearUserSessionAtom empties the user slice and closes the dropdown, leaving the admin', async () => {
    const s = await load();
    s.store.set(s.userSessionAtom, { ...s.emptyUserSession, token: 't', remember: true });
    s.store.set(s.dropdownAtom, { open: true });
    s.store.set(s.adminSessionAtom, { admin: null, token: 'a', remember: true });
    s.store.set(s.clearUserSessionAtom);
    expect(s.store.get(s.userSessionAtom)).toEqual(s.emptyUserSession);
    expect(s.store.get(s.dropdownAtom)).toEqual({ open: false });
    expect(s.store.get(s.adminSessionAtom).token).toBe('a');
  });

  it('stores only token, Remember Me and the identity: no bank number, address or balance reaches storage', async () => {
    const s = await load();
    for (const remember of [true, false]) {
      s.store.set(s.userSessionAtom, { ...s.emptyUserSession, user: fullProfile, token: 't1', remember });
      const raw = stored(remember ? local : session, s.STORAGE_KEYS.user);
      expect(JSON.parse(raw)).toEqual({ user: IDENTITY, token: 't1', remember });
      for (const secret of SECRETS) expect(raw).not.toContain(secret);
    }
  });

  it('rewrites a slice stored with the whole profile (an older version) without it on first read', async () => {
    local.setItem('halcyon:user', JSON.stringify({ user: fullProfile, token: 'old', remember: true, deposit: [{ id: 'd-1' }], image: '' }));
    const s = await load();
    expect(s.store.get(s.userSessionAtom)).toEqual({ user: IDENTITY, token: 'old', remember: true });
    const raw = stored(local, 'halcyon:user');
    expect(JSON.parse(raw)).toEqual({ user: IDENTITY, token: 'old', remember: true });
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
  });

  it('logout (the clear action) empties the stored investor slice', async () => {
    const s = await load();
    s.store.set(s.userSessionAtom, { ...s.emptyUserSession, user: fullProfile, token: 't', remember: true });
    s.store.set(s.clearUserSessionAtom);
    expect(stored(local, s.STORAGE_KEYS.user)).not.toContain('Ada');
    expect(JSON.parse(stored(session, s.STORAGE_KEYS.user))).toEqual({ user: null, token: null, remember: false });
  });
});
