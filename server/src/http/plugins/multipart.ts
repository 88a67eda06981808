import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from '../../config';

/** Multipart bodies (image uploads): one file of at most UPLOAD_MAX_BYTES, few fields. */
export async function registerMultipart(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });
}
