import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '../config/runtimeConfig';

interface RemoteModule {
  default: ComponentType;
}

/** Loads a remote's exposed App; `retry` forgets a failed attempt first. */
export type RemoteLoader = (name: RemoteName, retry: boolean) => Promise<RemoteModule>;

const manifests = new Map<RemoteName, string>();

/** Tells the federation runtime where each remote's manifest lives (from /config.json). */
export function registerRuntimeRemotes(remotes: Record<RemoteName, string>): void {
  for (const [name, entry] of Object.entries(remotes) as [RemoteName, string][]) manifests.set(name, entry);
  registerRemotes([...manifests].map(([name, entry]) => ({ name, entry })));
}

export const loadRemoteApp: RemoteLoader = async (name, retry) => {
  const entry = manifests.get(name);
  if (!entry) throw new Error(`No location configured for the remote ${name}.`);
  // Re-registering drops the runtime's cached manifest and entry, so a retry really refetches.
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const mod = await loadRemote<RemoteModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${name}/App is not a component.`);
  return mod;
};
