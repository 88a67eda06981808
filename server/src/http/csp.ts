import type { Config } from '../config';

// The market widgets, host by host (no wildcard: any script on any tradingview.com subdomain would
// otherwise run in the investor's page). Their embed scripts come from s3.tradingview.com
// (user-app/src/widgets/TradingViewWidget.tsx) and draw into iframes: on www.tradingview-widget.com
// today, on s.tradingview.com and www.tradingview.com for older widgets.
const WIDGET_SCRIPTS = ['https://s3.tradingview.com'];
const WIDGET_FRAMES = ['https://www.tradingview-widget.com', 'https://s.tradingview.com', 'https://www.tradingview.com'];

/** Origins of absolute remote manifest URLs: the shell loads their scripts and fetches their manifests. */
function remoteOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const u of [config.userAppUrl, config.adminAppUrl, config.apiBaseUrl]) {
    if (/^https?:\/\//.test(u)) origins.add(new URL(u).origin);
  }
  return [...origins];
}

/**
 * The shell and its remotes, the third-party market widgets (scripts and frames),
 * styled-components' injected <style> tags and the screen frames' inline scripts, by their hashes
 * (`inlineScripts`, http/frames.ts); nothing else runs.
 */
export function contentSecurityPolicy(config: Config, inlineScripts: string[] = []): Record<string, string[] | null> {
  const remotes = remoteOrigins(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts, ...remotes, ...WIDGET_SCRIPTS],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...remotes, ...WIDGET_SCRIPTS],
    'frame-src': WIDGET_FRAMES,
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Off: `pnpm start` serves plain http (localhost, LAN, CI); upgrading would break every request there.
    // Behind TLS, HSTS (also sent) does the job.
    'upgrade-insecure-requests': null,
  };
}
