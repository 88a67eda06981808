// Serves the page a different runtime configuration (/config.json) than the server's: the
// only knob the shell has for where its remotes live.
import type { Page } from 'playwright-core';
import { url } from './ui';

export interface RuntimeConfig { apiBaseUrl: string; brand: string; remotes: Record<string, string> }

export async function serverConfig(): Promise<RuntimeConfig> {
  const res = await fetch(url('/config.json'));
  return (await res.json()) as RuntimeConfig;
}

/** From now on this page's context sees user_app (or another remote) at `manifestUrl`. */
export async function pointRemote(page: Page, remote: string, manifestUrl: string): Promise<void> {
  const config = await serverConfig();
  const body = JSON.stringify({ ...config, remotes: { ...config.remotes, [remote]: manifestUrl } });
  await page.context().route(
    (u) => u.pathname === '/config.json',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body, headers: { 'cache-control': 'no-store' } }),
  );
}
