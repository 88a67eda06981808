// Checks an OpenAPI document as a client developer's tools would (issue 31 item 5), in plain Node:
// these tools are ES modules, which the server's jest (CommonJS) cannot load. Prints one JSON line:
// swagger-parser's verdict, Redocly's recommended lint, and the TypeScript diagnostics of a typed
// client generated from the document with openapi-typescript.
// Usage: node check.mjs <openapi.json> <scratch dir>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const [file, dir] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');

let invalid = null;
try {
  await SwaggerParser.validate(JSON.parse(text));
} catch (error) {
  invalid = String(error);
}

const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
const lint = problems.map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, at: p.location[0]?.pointer }));

// The generated types, and a client that uses them: a body, a success answer and an error answer.
writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(JSON.parse(text))));
writeFileSync(
  join(dir, 'client.ts'),
  `import type { paths } from './schema';
type Login = paths['/api/auth/login']['post'];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export async function login(base: string, body: Json<Login['requestBody']>): Promise<Json<Login['responses'][200]> | Json<Login['responses'][400]>> {
  const res = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Json<Login['responses'][200]>;
}
export async function token(base: string): Promise<string | undefined> {
  const answer = await login(base, { email: 'ada@example.com', password: 'Quiet-Harbor-4812' });
  return 'token' in answer ? answer.token : answer.code;
}
`,
);
const program = ts.createProgram([join(dir, 'client.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], skipLibCheck: true });
const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

console.log(JSON.stringify({ invalid, lint, diagnostics }));
