import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_PATHS, type RemoteName } from '../config/runtimeConfig';

interface RemoteModule {
  default: ComponentType;
}

/** Loads a remote's exposed App; `retry` forgets a failed attempt first. */
export type RemoteLoader = (name: RemoteName, retry: boolean) => Promise<RemoteModule>;

const manifests = new Map<RemoteName, string>();

/** The path this page was loaded at (the shell's first render may redirect). */
const loadedAt = typeof window === 'undefined' ? '/' : window.location.pathname;
/** Remotes whose App has loaded in this page. */
const loaded = new Set<RemoteName>();

/**
 * Whether a retry must load the page again: the page's own preloads (Link headers) fetched this
 * remote's entry and App chunk, and the browser keeps a failed preload failed for this document,
 * so a script tag for the same file fails again even once the remote is back.
 */
function preloadedAndFailed(name: RemoteName): boolean {
  return loadedAt.startsWith(REMOTE_PATHS[name]) && !loaded.has(name);
}

/** Tells the federation runtime where each remote's manifest lives (from /config.json). */
export function registerRuntimeRemotes(remotes: Record<RemoteName, string>): void {
  for (const [name, entry] of Object.entries(remotes) as [RemoteName, string][]) manifests.set(name, entry);
  registerRemotes([...manifests].map(([name, entry]) => ({ name, entry })));
}

export const loadRemoteApp: RemoteLoader = async (name, retry) => {
  const entry = manifests.get(name);
  if (!entry) throw new Error(`No location configured for the remote ${name}.`);
  if (retry && preloadedAndFailed(name)) {
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  // Re-registering drops the runtime's cached manifest and entry, so a retry really refetches.
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const mod = await loadRemote<RemoteModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${name}/App is not a component.`);
  loaded.add(name);
  return mod;
};
