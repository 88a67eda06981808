import { page, type StubHandler } from '@halcyon/api-client/testing';

/** A list endpoint answering as the server does for `status` (a comma list): only those rows, one page. */
export function byStatus<Row extends { status: string }>(rows: readonly Row[]): StubHandler {
  return (request) => {
    const wanted = request.query.get('status')?.split(',');
    return page(wanted ? rows.filter((r) => wanted.includes(r.status)) : [...rows]);
  };
}
