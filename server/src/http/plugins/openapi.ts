import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../../config';

/** The OpenAPI document of every route (defineRoute describes each) and its pages at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, what zod writes (3.0 had its own dialect).
      openapi: '3.1.0',
      info: { title: `${config.brand} API`, version: '1.0.0', description: 'Every error is `{ message, code }`; see docs/api.md.' },
      // Paths start with /api, on the origin that serves this document.
      servers: [{ url: config.publicUrl ?? '/', description: config.publicUrl ? 'This deployment' : 'The origin serving this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '') });
}
