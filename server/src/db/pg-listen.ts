import pg from 'pg';
import type { ListenHandlers } from './types';

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would hand the subscription to other work):
 * when it is lost, it reconnects with a growing delay and says `resync` once it listens again.
 */
export async function listenPostgres(config: pg.ClientConfig, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(config);
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) await client.end().catch(() => undefined);
    else current = client;
  };

  const reconnect = (delay: number) => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (!stopped) handlers.resync();
        },
        () => reconnect(Math.min(delay * 2, LAST_RETRY_MS)),
      );
    }, delay);
    retry.unref();
  };

  const lost = (client: pg.Client) => {
    if (client !== current || stopped) return;
    current = null;
    client.end().catch(() => undefined);
    reconnect(FIRST_RETRY_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
