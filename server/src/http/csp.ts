import type { Config } from '../config';

// The embed scripts come from s3.tradingview.com; current widgets render in iframes on tradingview-widget.com.
const TRADINGVIEW = ['https://s3.tradingview.com', 'https://*.tradingview.com', 'https://*.tradingview-widget.com'];

/** Origins of absolute remote manifest URLs: the shell loads their scripts and fetches their manifests. */
function remoteOrigins(config: Config): string[] {
  const origins = new Set<string>();
  for (const u of [config.userAppUrl, config.adminAppUrl, config.apiBaseUrl]) {
    if (/^https?:\/\//.test(u)) origins.add(new URL(u).origin);
  }
  return [...origins];
}

/**
 * The shell and its remotes, the third-party market widgets (scripts and frames) and
 * styled-components' injected <style> tags; nothing else runs.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const remotes = remoteOrigins(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...TRADINGVIEW],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...remotes, ...TRADINGVIEW],
    'frame-src': TRADINGVIEW,
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Off: `pnpm start` serves plain http (localhost, LAN, CI); upgrading would break every request there.
    // Behind TLS, HSTS (also sent) does the job.
    'upgrade-insecure-requests': null,
  };
}
