import type { FastifyInstance } from 'fastify';

/**
 * Closing: answers still in flight end their keep-alive connection, so the server can stop as soon
 * as they are sent (an idle connection is closed at once by Fastify); then, before the database
 * closes (onClose), background work still writing to it is awaited and the limit store closed.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    await app.background.idle();
    await app.limits.close();
  });
}
