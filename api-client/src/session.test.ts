/** Session persistence: Remember Me → localStorage (survives the browser), else session. */

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
const load = () => import('./session');

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
});
