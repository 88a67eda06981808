let baseUrl = '/api';

/**
 * Where the API lives (the runtime config's apiBaseUrl, set by the shell at start). In the seam so
 * that a remote with its own copy of api-client calls the same API as the shell.
 */
export const apiBaseUrl = (): string => baseUrl;

export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}
