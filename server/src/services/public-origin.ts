import type { Config } from '../config';

/** Where emailed links point: PUBLIC_URL, else this server on localhost (never the request's Host header). */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
