import type { FastifyInstance } from 'fastify';

/** Where an uploaded file is served (GET /api/media/<name>), as handed out by the upload route. */
export const mediaUrl = (app: FastifyInstance, name: string) => `${app.config.apiBaseUrl}/media/${name}`;

/** True for a URL this server handed out for an upload. */
export const isMediaUrl = (app: FastifyInstance, url: string) => url.startsWith(`${app.config.apiBaseUrl}/media/`) && /^[\w-]+\.(png|jpg|gif|webp)$/.test(url.slice(app.config.apiBaseUrl.length + 7));
