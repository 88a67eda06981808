import { request as httpRequest } from 'node:http';
import { setupTestServer } from '../harness';

// Real HTTP on a listening server: Node's parser and Fastify's router answer some of these before
// any handler runs, which inject() does not reproduce.
const t = setupTestServer();

function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(t().url);
  return new Promise((resolve, reject) => {
    // agent: false, so a connection the server closed is never reused for the next request.
    const req = httpRequest({ host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('router-level errors answer { message, code } like every other error', () => {
  test.each(['/api/%', '/api/user/%E0%A4%A', '/api/auth/%/x'])('a URL that does not percent-decode (%s) is a 400 BAD_URL', async (path) => {
    expect(await raw(path)).toEqual({ status: 400, body: { message: 'Malformed URL: bad percent-encoding', code: 'BAD_URL' } });
  });

  test('a URL over 4096 characters is a 414 URL_TOO_LONG, not a 404 echoing it', async () => {
    expect(await raw(`/api/${'a'.repeat(4091)}`)).toEqual({ status: 404, body: expect.objectContaining({ code: 'NOT_FOUND' }) });
    expect(await raw(`/api/${'a'.repeat(4092)}`)).toEqual({ status: 414, body: { message: 'The URL is longer than 4096 characters', code: 'URL_TOO_LONG' } });
    expect(await raw(`/api/auth/login?q=${'a'.repeat(5000)}`, { method: 'POST' })).toEqual({ status: 414, body: expect.objectContaining({ code: 'URL_TOO_LONG' }) });
  });

  test("a URL or headers over Node's limit is a 431 HEADERS_TOO_LARGE", async () => {
    expect(await raw(`/api/${'a'.repeat(100_000)}`)).toEqual({ status: 431, body: { message: 'The URL or headers are too large', code: 'HEADERS_TOO_LARGE' } });
    expect(await raw('/api/auth/login', { headers: { 'x-big': 'b'.repeat(100_000) } })).toEqual({ status: 431, body: expect.objectContaining({ code: 'HEADERS_TOO_LARGE' }) });
  });

  test('a malformed request line is a 400 BAD_REQUEST', async () => {
    const { hostname, port } = new URL(t().url);
    const { connect } = await import('node:net');
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), hostname, () => socket.write('GET /api/ HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Malformed HTTP request', code: 'BAD_REQUEST' });
  });

  test('bad JSON, an unsupported media type and an unknown route keep their { message, code } answers', async () => {
    expect(await raw('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' })).toEqual({ status: 400, body: { message: 'Malformed JSON body', code: 'INVALID_JSON' } });
    expect(await raw('/api/auth/login', { method: 'POST', headers: { 'content-type': 'text/weird' }, body: 'x' })).toEqual({ status: 415, body: { message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(await raw('/api/nope', { method: 'PROPFIND' })).toEqual({ status: 404, body: { message: 'No route PROPFIND /api/nope', code: 'NOT_FOUND' } });
  });
});
