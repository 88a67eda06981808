import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../../config';

/**
 * Sheds load with a quick 503 instead of letting every request time out (docs/server.md
 * "Processes"); off unless a pressure limit is configured.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization } = config.pressure;
  if (!maxEventLoopDelayMs && !maxEventLoopUtilization) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    pressureHandler: (_request, reply) => {
      void reply.code(503).header('retry-after', '5').send({ message: 'The server is overloaded, please try again in a moment', code: 'OVERLOADED' });
    },
  });
}
