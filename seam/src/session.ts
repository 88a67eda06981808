import { atom, createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/**
 * Who is signed in, as far as the session needs it (the payment's `from`, names in menus): no bank
 * numbers, addresses or balances. The full profile lives only in the query cache (memory). Written
 * out rather than picked from api-client's contract: the seam imports nothing of ours, and
 * api-client's contract is checked against it (api-client/src/http/session.test.ts).
 */
export interface SessionUser {
  uid: string;
  name: string;
  email: string;
  username: string;
  profilePic: string | null;
}

/** The signed-in admin as the contract's AdminRecord has it. */
export interface SessionAdmin {
  id: string;
  uid: string;
  role: 'admin';
  name: string;
  email: string;
  createdAt: string;
}

/** The identity part of a profile (or of anything shaped like one), nothing else. */
export const sessionUserOf = ({ uid, name, email, username, profilePic }: SessionUser): SessionUser => ({ uid, name, email, username, profilePic });

/**
 * The investor's slice (spec 3): who, the token and Remember Me. The spec's lists (deposits,
 * withdrawals, history, investments) are reads in the query cache, not session state.
 */
export interface UserSession {
  user: SessionUser | null;
  token: string | null;
  /** Remember Me: kept in localStorage (30-day token) instead of sessionStorage. */
  remember: boolean;
}

export interface AdminSession {
  admin: SessionAdmin | null;
  token: string | null;
  remember: boolean;
}

export interface DropdownState {
  open: boolean;
}

export const emptyUserSession: UserSession = { user: null, token: null, remember: false };
export const emptyAdminSession: AdminSession = { admin: null, token: null, remember: false };
const closedDropdown: DropdownState = { open: false };

export const STORAGE_KEYS = { user: 'halcyon:user', admin: 'halcyon:admin', dropdown: 'halcyon:dropdown' } as const;

type Remembered = { remember?: boolean };

/**
 * Persists a slice in localStorage when it asks to be remembered, else in sessionStorage (gone
 * with the browser session). Only `persisted(value)` is written; a stored value with more in it
 * (written by an older version) is rewritten without it on first read. Reads are synchronous, so
 * state is there on the first render and needs no rehydrate timeout.
 */
function browserStorage<T extends object>(persisted: (value: T) => T = (value) => value) {
  const stores = (): Storage[] => (typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage]);
  return {
    getItem(key: string, initial: T): T {
      for (const s of stores()) {
        const raw = s.getItem(key);
        if (raw === null) continue;
        try {
          const value = persisted({ ...initial, ...(JSON.parse(raw) as T) });
          const clean = JSON.stringify(value);
          if (clean !== raw) s.setItem(key, clean);
          return value;
        } catch {
          s.removeItem(key);
        }
      }
      return initial;
    },
    setItem(key: string, value: T): void {
      const [local, session] = stores();
      if (!local || !session) return;
      const keep = (value as Remembered).remember ? local : session;
      const drop = keep === local ? session : local;
      drop.removeItem(key);
      keep.setItem(key, JSON.stringify(persisted(value)));
    },
    removeItem(key: string): void {
      for (const s of stores()) s.removeItem(key);
    },
  };
}

/** The investor's slice as stored: a full profile handed in by mistake is cut to the identity. */
const persistedUser = ({ user, token, remember }: UserSession): UserSession => ({ user: user && sessionUserOf(user), token, remember });

export const userSessionAtom = atomWithStorage<UserSession>(STORAGE_KEYS.user, emptyUserSession, browserStorage<UserSession>(persistedUser), { getOnInit: true });
export const adminSessionAtom = atomWithStorage<AdminSession>(STORAGE_KEYS.admin, emptyAdminSession, browserStorage<AdminSession>(), { getOnInit: true });
export const dropdownAtom = atomWithStorage<DropdownState>(STORAGE_KEYS.dropdown, closedDropdown, browserStorage<DropdownState>(), { getOnInit: true });

export const userAtom = atom((get) => get(userSessionAtom).user);
export const userTokenAtom = atom((get) => get(userSessionAtom).token);
export const adminAtom = atom((get) => get(adminSessionAtom).admin);
export const adminTokenAtom = atom((get) => get(adminSessionAtom).token);

/** The spec's clear action: empties the investor's slice and the dropdown. */
export const clearUserSessionAtom = atom(null, (_get, set) => {
  set(userSessionAtom, emptyUserSession);
  set(dropdownAtom, closedDropdown);
});
export const clearAdminSessionAtom = atom(null, (_get, set) => set(adminSessionAtom, emptyAdminSession));

/** The brand from the runtime config (deviations.md: white-label); the shell sets it at start. */
export const DEFAULT_BRAND = 'Halcyon';
export const brandAtom = atom(DEFAULT_BRAND);

/** The one store of the page: the shell wraps everything in <Provider store={store}>. */
export const store = createStore();
