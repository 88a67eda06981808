import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setupTestServer } from '../harness';

// Issue 31 item 5: the OpenAPI document the server serves is one a client generator can use.
const t = setupTestServer();

interface Verdict {
  invalid: string | null;
  lint: Array<{ severity: string; rule: string; message: string; at?: string }>;
  diagnostics: string[];
}

let verdict: Verdict;
let doc: { servers?: unknown[]; paths: Record<string, Record<string, { operationId: string; security?: unknown[]; responses: Record<string, unknown> }>> };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'halcyon-openapi-'));
  try {
    const text = await (await t().fetch('/api/docs/json')).text();
    doc = JSON.parse(text) as typeof doc;
    writeFileSync(join(dir, 'openapi.json'), text);
    const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, '../openapi/check.mjs'), join(dir, 'openapi.json'), dir]);
    verdict = JSON.parse(stdout) as Verdict;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, ...op })));

test('it validates with @apidevtools/swagger-parser', () => {
  expect(verdict.invalid).toBeNull();
});

test("Redocly's recommended rules find no error", () => {
  expect(verdict.lint.filter((p) => p.severity === 'error')).toEqual([]);
});

test('every operation declares its security ([] when public) and documents its error answers as { message, code }', () => {
  expect(doc.servers?.length).toBeGreaterThan(0);
  for (const op of operations()) {
    expect([op.operationId, Array.isArray(op.security)]).toEqual([op.operationId, true]);
    const errors = Object.keys(op.responses).filter((status) => status === 'default' || /^[45]/.test(status));
    expect([op.operationId, errors.includes('default')]).toEqual([op.operationId, true]);
  }
  // Redocly asks for a 4xx on each; only public routes that take no input have none to give.
  const without4xx = verdict.lint.filter((p) => p.rule === 'operation-4xx-response').map((p) => p.at);
  expect(without4xx).toEqual(['#/paths/~1api~1health/get/responses', '#/paths/~1api~1liabilities~1latest/get/responses']);
});

test('a client generated from it with openapi-typescript compiles', () => {
  expect(verdict.diagnostics).toEqual([]);
});
