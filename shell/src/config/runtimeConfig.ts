/** Served at /config.json by the server (or the shell's dev server): read at start, never built in. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  brand: string;
  /** Remote name → URL of its mf-manifest.json (absolute after loading). */
  remotes: Record<RemoteName, string>;
}

export type RemoteName = 'user_app' | 'admin_app';

/** Where each remote's pages live in the shell: it owns everything under its path (AppRoutes). */
export const REMOTE_PATHS: Readonly<Record<RemoteName, string>> = { user_app: '/user/', admin_app: '/admin/' };
const REMOTE_NAMES: readonly RemoteName[] = ['user_app', 'admin_app'];

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  brand: 'Halcyon',
  remotes: { user_app: '/remotes/user-app/mf-manifest.json', admin_app: '/remotes/admin-app/mf-manifest.json' },
};

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Keeps the valid fields of a parsed config and fills the rest with the defaults. */
export function parseRuntimeConfig(raw: unknown, base: string): RuntimeConfig {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const remotesIn = (input.remotes && typeof input.remotes === 'object' ? input.remotes : {}) as Record<string, unknown>;
  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) {
    const url = remotesIn[name];
    // The federation runtime derives the remote's public path from the manifest URL: make it absolute.
    remotes[name] = new URL(isNonEmptyString(url) ? url : defaultRuntimeConfig.remotes[name], base).href;
  }
  return {
    apiBaseUrl: isNonEmptyString(input.apiBaseUrl) ? input.apiBaseUrl : defaultRuntimeConfig.apiBaseUrl,
    brand: isNonEmptyString(input.brand) ? input.brand : defaultRuntimeConfig.brand,
    remotes,
  };
}

/**
 * Fetches /config.json. A missing or broken config must not blank the page: the defaults (same
 * origin, the standard remote paths) are what `pnpm start` serves anyway.
 */
export async function loadRuntimeConfig(url = '/config.json', base = window.location.href): Promise<RuntimeConfig> {
  try {
    // No cache option: the server's Link preload fetched it already, and it answers no-store anyway.
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return parseRuntimeConfig(await response.json(), base);
  } catch (error) {
    console.warn('[shell] runtime config unavailable, using defaults:', error);
    return parseRuntimeConfig({}, base);
  }
}
