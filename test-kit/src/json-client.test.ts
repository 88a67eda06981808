import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callApi, expectApi } from './json-client';

let server: Server;
let origin: string;
let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/api/text') return void res.writeHead(503).end('down for maintenance');
      if (req.url === '/api/empty') return void res.writeHead(204).end();
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { echoed: body || null } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  seen = [];
});
afterAll(() => new Promise((r) => server.close(r)));

test('callApi sends method, /api path, bearer token, idempotency key and a JSON body; answers status and parsed body', async () => {
  const reply = await callApi<{ data: { echoed: string } }>(origin, 'POST', '/deposit', { token: 't0k', idempotencyKey: 'k-1', body: { amount: 5 } });
  expect(reply.status).toBe(201);
  expect(reply.body).toEqual({ data: { echoed: '{"amount":5}' } });
  expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/deposit', body: '{"amount":5}' });
  expect(seen[0]?.headers).toMatchObject({ authorization: 'Bearer t0k', 'idempotency-key': 'k-1', 'content-type': 'application/json' });
});

test('callApi keeps a non-JSON answer as text and an empty one as undefined, without throwing on the status', async () => {
  expect(await callApi(origin, 'GET', '/text')).toMatchObject({ status: 503, body: 'down for maintenance' });
  expect(await callApi(origin, 'DELETE', '/empty')).toMatchObject({ status: 204, body: undefined });
  expect(seen[1]?.headers.authorization).toBeUndefined();
});

test('expectApi resolves with the body on the expected status and throws with the answer otherwise', async () => {
  await expect(expectApi(origin, 'GET', '/profile', 200)).resolves.toEqual({ data: { echoed: null } });
  await expect(expectApi(origin, 'GET', '/text', 200)).rejects.toThrow('GET /text: expected 200, got 503 "down for maintenance"');
});
