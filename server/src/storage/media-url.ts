import type { Config } from '../config';

type Urls = Pick<Config, 'apiBaseUrl'>;

/** Where an uploaded file is served (GET /api/media/<name>), as handed out by the upload route. */
export const mediaUrl = (config: Urls, name: string) => `${config.apiBaseUrl}/media/${name}`;

/** The stored file name behind a URL this server hands out for an upload; null for any other text. */
export function mediaName(config: Urls, url: string): string | null {
  const prefix = mediaUrl(config, '');
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  return /^[\w-]+\.(png|jpg|gif|webp)$/.test(name) ? name : null;
}
