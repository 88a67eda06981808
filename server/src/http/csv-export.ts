import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CSV_EXPORTS, csvLine, csvTextCell, routes, type CsvExport, type ParsedQueryOf } from '@halcyon/api-client/contract';
import type { Paged } from '../db/keyset';
import type { Deps } from '../deps';
import { authenticate, type AuthInfo } from './authenticate';
import { named } from './define-route';
import { parsePart } from './validation';
import { requestDeps } from './request-deps';

// CSV exports of whole lists (docs/api.md "Exports"): the list's own query (filters, search, sort,
// the same 400s), read page after page by keyset and written as each page arrives, pulled by the
// response stream, so the server holds one page whatever the size.

const PAGE = 500;

type ListOf<P extends CsvExport> = (typeof CSV_EXPORTS)[P];

export interface CsvExportSpec<P extends CsvExport, T> {
  header: readonly string[];
  cells: (row: T) => string[];
  /** One page of the list; `auth` is the caller (the investor's exports read only their own); `deps` what services take. */
  read: (request: FastifyRequest, auth: AuthInfo, query: ParsedQueryOf<ListOf<P>>, deps: Deps) => Promise<Paged<T>>;
}

async function* csvLines<P extends CsvExport, T>(spec: CsvExportSpec<P, T>, request: FastifyRequest, auth: AuthInfo, query: ParsedQueryOf<ListOf<P>>): AsyncGenerator<string> {
  const deps = requestDeps(request);
  // The BOM makes spreadsheets read the file as UTF-8.
  yield `\uFEFF${csvLine(spec.header.map(csvTextCell))}`;
  let cursor: string | undefined;
  do {
    const page = await spec.read(request, auth, { ...(query as object), limit: PAGE, cursor } as ParsedQueryOf<ListOf<P>>, deps);
    yield page.data.map((row) => csvLine(spec.cells(row))).join('');
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
}

/** `GET /api<path>`: the export of the list CSV_EXPORTS names, with that list's access rule. */
export function csvExport<P extends CsvExport, T>(path: P, spec: CsvExportSpec<P, T>): FastifyPluginAsync {
  const list = routes[CSV_EXPORTS[path]];
  const access = list.access === 'admin' ? 'admin' : 'user';
  const name = path.split('/').at(-1) ?? 'export';
  return named(async (app) => {
    app.get(path, {
      schema: { hide: true },
      onRequest: async (request) => {
        request.auth = await authenticate(request, access);
      },
      handler: async (request, reply) => {
        const query = parsePart(list.query, request.query, 'query') as ParsedQueryOf<ListOf<P>>;
        void reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(csvLines(spec, request, request.auth as AuthInfo, query)));
      },
    });
  }, `csv export ${path}`);
}
