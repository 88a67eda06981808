import { atom, createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { AdminRecord, Deposit, Investment, Transaction, UserProfile, Withdrawal } from './contract/entities';

/** The investor's slice (spec 3): profile, token and the lists the screens keep. */
export interface UserSession {
  user: UserProfile | null;
  token: string | null;
  /** Remember Me: kept in localStorage (30-day token) instead of sessionStorage. */
  remember: boolean;
  deposit: Deposit[];
  withdraw: Withdrawal[];
  allHistory: Transaction[];
  investment: Investment[];
  image: string;
}

export interface AdminSession {
  admin: AdminRecord | null;
  token: string | null;
  remember: boolean;
}

export interface DropdownState {
  open: boolean;
}

export const emptyUserSession: UserSession = { user: null, token: null, remember: false, deposit: [], withdraw: [], allHistory: [], investment: [], image: '' };
export const emptyAdminSession: AdminSession = { admin: null, token: null, remember: false };
const closedDropdown: DropdownState = { open: false };

export const STORAGE_KEYS = { user: 'halcyon:user', admin: 'halcyon:admin', dropdown: 'halcyon:dropdown' } as const;

type Remembered = { remember?: boolean };

/**
 * Persists a slice in localStorage when it asks to be remembered, else in sessionStorage (gone
 * with the browser session). Reads are synchronous, so state is there on the first render and
 * needs no rehydrate timeout.
 */
function browserStorage<T extends object>() {
  const stores = (): Storage[] => (typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage]);
  return {
    getItem(key: string, initial: T): T {
      for (const s of stores()) {
        const raw = s.getItem(key);
        if (raw === null) continue;
        try {
          return { ...initial, ...(JSON.parse(raw) as T) };
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
      keep.setItem(key, JSON.stringify(value));
    },
    removeItem(key: string): void {
      for (const s of stores()) s.removeItem(key);
    },
  };
}

export const userSessionAtom = atomWithStorage<UserSession>(STORAGE_KEYS.user, emptyUserSession, browserStorage<UserSession>(), { getOnInit: true });
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

/** The one store of the federation: the shell wraps everything in <Provider store={store}>. */
export const store = createStore();
