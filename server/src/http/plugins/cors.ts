import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { Config } from '../../config';

/** CORS for the origins of CORS_ORIGINS ('*': any), with the methods and headers the API uses. */
export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(cors, {
    origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
  });
}
