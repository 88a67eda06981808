import type { FastifyRequest } from 'fastify';
import { defineRoute, feature } from '../../http/define-route';
import { AppError, badRequest, notFound } from '../../errors';
import { readMedia, storeImage } from '../../services/uploads';

async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('file: is required (send multipart/form-data with a file field)');
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch (error) {
    // A malformed multipart body (no boundary, broken headers) is the client's mistake, not ours.
    if (error instanceof AppError) throw error;
    throw badRequest(`file: malformed multipart body (${(error as Error).message})`);
  }
  if (!part || part.fieldname !== 'file') throw badRequest('file: is required');
  const tooLarge = () => new AppError(413, 'TOO_LARGE', `file: must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  // toBuffer can miss a truncation flagged after the last chunk: check the stream itself too.
  if (part.file.truncated || data.length > maxBytes) throw tooLarge();
  if (!data.length) throw badRequest('file: is empty');
  return data;
}

export default feature(
  defineRoute('uploadImage', async ({ request, auth, deps }) => ({ mediaUrl: await storeImage(deps, auth.uid, await readUpload(request, deps.config.uploadMaxBytes)) })),
  // The returned mediaUrl: public (images are shown in <img>) and immutable; never sniffed nor run
  // as anything else by the API's own headers (http/security-headers.ts).
  async (app) => {
    app.get<{ Params: { name: string } }>('/media/:name', { schema: { hide: true } }, async (request, reply) => {
      const media = await readMedia(app.deps, request.params.name);
      if (!media) throw notFound('No such media', 'NOT_FOUND');
      return reply
        .header('content-type', media.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(media.data);
    });
  },
);
