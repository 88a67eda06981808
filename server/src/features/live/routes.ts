import type { FastifyPluginAsync } from 'fastify';
import { liveEvent } from '@halcyon/api-client/contract';
import { authenticate } from '../../http/authenticate';
import { errorBody } from '../../http/define-route';
import { busy, tooManyRequests } from '../../errors';
import { LIVE_CHANNEL } from './channel';
import { LiveHub } from './hub';

/** Proxies close a quiet connection after a minute or so: a comment well before. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long (plus up to a minute, so they do not all come back at once) and
 * the browser opens a new one, authenticated again: a session ended elsewhere stops here too.
 */
const MAX_AGE_MS = 10 * 60_000;
/** Tabs of one investor on one process: more is not a person. */
const MAX_PER_INVESTOR = 10;

/**
 * GET /api/user/live (issue 29 item 2; docs/api.md "Live changes"): a server-sent event stream
 * that says `change` within moments of anything of the investor's changing in the database (an
 * admin's decision, a credit from the chain, earnings), so an open dashboard reads again at once
 * instead of polling. PostgreSQL's NOTIFY (migration 028's triggers) reaches every process's one
 * LISTEN connection, and each tells its own streams of that investor.
 */
const live: FastifyPluginAsync = async (app) => {
  const hub = new LiveHub();
  let stop: (() => Promise<void>) | undefined;
  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onReady', async () => {
    stop = await app.db.listen(LIVE_CHANNEL, { message: (uid) => hub.changed(uid), resync: () => hub.everyone() });
  });
  // Before the server stops taking connections (it waits for open ones, and a stream never ends by
  // itself): the streams end, and one asked for from now on is refused (the page asks again later).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(heartbeat);
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });

  app.get(
    '/user/live',
    {
      // Outside the contract's JSON table (a stream), described in the OpenAPI document all the same.
      schema: {
        operationId: 'followLiveChanges',
        summary: "Server-sent events: `ready`, then `change` whenever something of the investor's changed that they did not do (docs/api.md \"Live changes\")",
        tags: ['user'],
        security: [{ bearer: [] }],
        response: {
          200: { description: 'An event stream (text/event-stream) that lasts about ten minutes.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          401: errorBody('No valid session (`UNAUTHENTICATED`, `INVALID_TOKEN`, `SESSION_REVOKED`).'),
          403: errorBody('Signed in, but not an investor (`FORBIDDEN`).'),
          default: errorBody('Too many streams of this investor (429), or the server is closing (503, with `retry-after`).'),
        },
      },
      onRequest: async (request) => {
        request.auth = await authenticate(request, 'user');
      },
    },
    async (request, reply) => {
      const uid = request.auth?.uid;
      if (!uid) throw new Error('authenticated above');
      if (hub.count(uid) >= MAX_PER_INVESTOR) throw tooManyRequests(60);
      if (closing) throw busy(5);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
      // `ready` says the stream is on: after a reconnect the page reads what it may have missed.
      res.write(`retry: 5000\n\n${liveEvent('ready')}`);
      const ended = setTimeout(() => res.end(), MAX_AGE_MS + Math.floor(Math.random() * 60_000));
      ended.unref();
      const remove = hub.add(uid, {
        event: (name) => res.write(liveEvent(name)),
        comment: () => res.write(':\n\n'),
        close: () => res.end(),
      });
      res.on('close', () => {
        clearTimeout(ended);
        remove();
      });
    },
  );
};

export default Object.assign(live, { [Symbol.for('fastify.display-name')]: 'live' });
