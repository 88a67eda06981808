import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from './api';
import { ApiError, configureApi, downloadCsv, errorMessage } from './http';
import { adminSessionAtom, clearAdminSessionAtom, clearUserSessionAtom, emptyUserSession, store, userSessionAtom } from '@halcyon/seam';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let seen: Seen[] = [];
/**
 * What the next request answers: status and JSON body (contract shapes); or a CSV export; or any
 * other body (`text`, sent as `type`: a proxy's HTML page, broken JSON); or nothing until the test
 * ends (`hang`: a call in flight).
 */
let reply: { status: number; json: unknown; csv?: string; text?: string; type?: string; hang?: true } = { status: 200, json: {} };
/** Answers held back by `hang`, ended after each test. */
let held: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (reply.hang) {
        held.push(res);
        return;
      }
      if (reply.text !== undefined) {
        res.writeHead(reply.status, reply.type ? { 'content-type': reply.type } : {});
        res.end(reply.text);
        return;
      }
      if (reply.csv !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="deposits-2026-11-30.csv"' });
        res.end(reply.csv);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/` });
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen = [];
  reply = { status: 200, json: { data: [] } };
  store.set(userSessionAtom, { ...emptyUserSession, token: 'user-token' });
  store.set(adminSessionAtom, { admin: null, token: 'admin-token', remember: false });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const res of held) res.end();
  held = [];
  store.set(clearUserSessionAtom);
  store.set(clearAdminSessionAtom);
  jest.restoreAllMocks();
});

const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const last = (): Seen => {
  const s = seen.at(-1);
  if (!s) throw new Error('no request reached the server');
  return s;
};

describe('bearer token per route access', () => {
  it('sends the user token on user routes', async () => {
    await api.getTransactions();
    expect(last()).toMatchObject({ method: 'GET', url: '/api/transaction/all' });
    expect(last().headers.authorization).toBe('Bearer user-token');
  });

  it('sends the admin token on admin routes', async () => {
    await api.listUsers();
    expect(last().url).toBe('/api/admin/users');
    expect(last().headers.authorization).toBe('Bearer admin-token');
  });

  it("sends the user token on 'any' routes outside /admin, the admin token with as: 'admin'", async () => {
    await api.getPlans();
    expect(last().headers.authorization).toBe('Bearer user-token');
    await api.getPlans(undefined, { as: 'admin' });
    expect(last().headers.authorization).toBe('Bearer admin-token');
  });

  it('sends no token on public routes', async () => {
    reply = { status: 200, json: { message: 'sent' } };
    await api.forgotPassword({ body: { email: 'ada@example.com' } });
    expect(last().headers.authorization).toBeUndefined();
    expect(JSON.parse(last().body)).toEqual({ email: 'ada@example.com' });
  });

  it('fills path params (encoded) from the contract path', async () => {
    await api.approveDeposit({ params: { id: 'dep 1', method: 'bitcoin' } });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/admin/deposits/dep%201/bitcoin/approve' });
  });
});

describe('Idempotency-Key on money POSTs', () => {
  it('refuses to send a money POST without the key of its intent (no per-call fallback)', async () => {
    await expect(api.createDeposit({ body: { method: 'bitcoin', amount: 100, from: 'u1' } })).rejects.toMatchObject({ code: 'CLIENT', message: 'createDeposit needs the Idempotency-Key of its intent' });
    expect(seen).toEqual([]);
  });

  it('uses the caller-supplied key (a retry of the same request)', async () => {
    await api.createWithdrawal({ body: { method: 'bank', amount: 5, to: 'u1' } }, { idempotencyKey: 'key-1' });
    expect(last().headers['idempotency-key']).toBe('key-1');
  });

  it('sends none on other routes', async () => {
    await api.getPlans();
    expect(last().headers['idempotency-key']).toBeUndefined();
  });
});

describe('the request as sent', () => {
  it('a JSON body goes JSON.stringify\'d, as application/json', async () => {
    reply = { status: 200, json: { message: 'sent' } };
    await api.forgotPassword({ body: { email: 'ada@example.com' } });
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().body).toBe('{"email":"ada@example.com"}');
  });

  it('a call without a body sends none and no content-type', async () => {
    await api.getPlans();
    expect(last().headers['content-type']).toBeUndefined();
    expect(last().body).toBe('');
  });

  it('an upload goes as multipart form data, its boundary chosen by fetch (no content-type of ours)', async () => {
    reply = { status: 201, json: { mediaUrl: '/media/a.png' } };
    await expect(api.uploadImage({ file: new Blob(['PNG…'], { type: 'image/png' }), filename: 'a.png' })).resolves.toEqual({ mediaUrl: '/media/a.png' });
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(last().headers['content-type'] ?? '')?.[1];
    expect(boundary).toBeDefined();
    expect(last().body).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG…`);
  });

  it('no query string at all when every filter is blank (no trailing ?)', async () => {
    // Node's fetch drops an empty "?" on the wire (a browser sends it): look at what fetch was given.
    const sent = jest.spyOn(globalThis, 'fetch');
    await api.listDeposits({ query: { q: '', status: undefined } });
    await api.listDeposits();
    expect(sent.mock.calls.map(([url]) => String(url))).toEqual([`${origin()}/api/admin/deposits/all`, `${origin()}/api/admin/deposits/all`]);
    expect(last().url).toBe('/api/admin/deposits/all');
  });

  it('an empty success body is {}', async () => {
    reply = { status: 200, json: null, text: '' };
    await expect(api.getPlans()).resolves.toEqual({});
  });
});

describe('errors', () => {
  it.each([
    ['email: must be a valid email address', 'Email must be a valid email address.'],
    ['phoneNumber: is not a valid phone number.', 'Phone number is not a valid phone number.'],
    ['withdrawal.amount: must have at most 2 decimals', 'Amount must have at most 2 decimals.'],
    ['bitcoinXpub: not a mainnet BIP84 account key', 'Bitcoin xpub: not a mainnet BIP84 account key.'],
    ['q: matches too many investors', 'Search: matches too many investors.'],
    ['Passwords do not match', 'Passwords do not match'],
  ])('a 400 naming its field reads in plain words: %s', (message, shown) => {
    expect(errorMessage(new ApiError(message, 400, 'VALIDATION'), 'fallback')).toBe(shown);
  });

  it('other codes are shown as the server wrote them', () => {
    expect(errorMessage(new ApiError('amount: too much', 422, 'INSUFFICIENT_FUNDS'), 'fallback')).toBe('amount: too much');
  });

  it("become ApiError with the server's message, status and code", async () => {
    reply = { status: 422, json: { message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' } };
    const error = await api.createWithdrawal({ body: { method: 'bank', amount: 5, to: 'u1' } }, { idempotencyKey: 'k-err' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Insufficient balance', status: 422, code: 'INSUFFICIENT_BALANCE' });
    expect(errorMessage(error, 'Failed to invest.')).toBe('Insufficient balance');
    expect(console.warn).toHaveBeenCalledWith('[api] 422 INSUFFICIENT_BALANCE: Insufficient balance');
  });

  it("a body that is not JSON (a proxy's page) gives the status text and HTTP_ERROR", async () => {
    reply = { status: 502, json: null, text: '<html><body>Bad gateway</body></html>', type: 'text/html' };
    await expect(api.getPlans()).rejects.toEqual(new ApiError('Bad Gateway', 502, 'HTTP_ERROR'));
    expect(console.warn).toHaveBeenCalledWith('[api] 502 HTTP_ERROR: Bad Gateway');
  });

  it('a body is read as JSON only when its content-type says so', async () => {
    reply = { status: 400, json: null, text: '{"message":"q: too long","code":"VALIDATION"}', type: 'text/plain' };
    await expect(api.getPlans()).rejects.toEqual(new ApiError('Bad Request', 400, 'HTTP_ERROR'));
    reply = { status: 400, json: null, text: '{"message":"q: too long","code":"VALIDATION"}', type: 'application/problem+json; charset=utf-8' };
    await expect(api.getPlans()).rejects.toEqual(new ApiError('q: too long', 400, 'VALIDATION'));
  });

  it('a broken JSON error body is no SyntaxError: the status text and HTTP_ERROR', async () => {
    reply = { status: 500, json: null, text: '{"message": "Insuff', type: 'application/json' };
    await expect(api.getPlans()).rejects.toEqual(new ApiError('Internal Server Error', 500, 'HTTP_ERROR'));
  });

  it('JSON without a message or code keeps the status text and HTTP_ERROR; one without the other takes what is there', async () => {
    reply = { status: 409, json: { error: 'conflict' } };
    await expect(api.getPlans()).rejects.toEqual(new ApiError('Conflict', 409, 'HTTP_ERROR'));
    reply = { status: 400, json: { message: 'q: too long' } };
    await expect(api.getPlans()).rejects.toEqual(new ApiError('q: too long', 400, 'HTTP_ERROR'));
  });

  it('with no status text and no body: "Request failed with status N"', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 503 }));
    await expect(api.getPlans()).rejects.toEqual(new ApiError('Request failed with status 503', 503, 'HTTP_ERROR'));
  });

  it('a success body that is not JSON fails the call (status 0)', async () => {
    reply = { status: 200, json: null, text: '<html>login page</html>', type: 'text/html' };
    const error = await api.getPlans().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('network failures give status 0 and the screen fallback text', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:1/api' });
    const error = await api.getPlans().catch((e: unknown) => e);
    configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(errorMessage(error, 'Failed to fetch plans.')).toBe('Failed to fetch plans.');
    expect(console.warn).toHaveBeenCalledWith('[api] network error: Request failed due to a network error: GET http://127.0.0.1:1/api/plan/all');
  });

  it('a cancelled call (its signal aborted in flight) fails with status 0, NETWORK, and sends no second request', async () => {
    reply = { status: 200, json: null, hang: true };
    const controller = new AbortController();
    const pending = api.getPlans(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    // fetch rejects with the signal's AbortError (a DOMException: from Node's realm here, so not an
    // `Error` of the test's, and its message is String(error)).
    expect(error).toMatchObject({ message: expect.stringContaining('This operation was aborted'), status: 0, code: 'NETWORK' });
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/^\[api\] network error: .*This operation was aborted$/));
    expect(seen).toHaveLength(1);
  });

  it('a call whose signal is already aborted never reaches the server', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(api.getPlans(undefined, { signal: controller.signal })).rejects.toMatchObject({ message: expect.stringContaining('This operation was aborted'), status: 0, code: 'NETWORK' });
    expect(seen).toEqual([]);
  });

  it('a 401 on a user call clears the user session only', async () => {
    reply = { status: 401, json: { message: 'Session expired', code: 'UNAUTHORIZED' } };
    await expect(api.getProfile()).rejects.toMatchObject({ status: 401 });
    expect(store.get(userSessionAtom).token).toBeNull();
    expect(store.get(adminSessionAtom).token).toBe('admin-token');
  });

  it('a 401 whose body is not JSON still clears the session', async () => {
    reply = { status: 401, json: null, text: 'Unauthorized', type: 'text/plain' };
    await expect(api.getProfile()).rejects.toEqual(new ApiError('Unauthorized', 401, 'HTTP_ERROR'));
    expect(store.get(userSessionAtom).token).toBeNull();
  });

  it('a 401 on an admin call clears the admin session only', async () => {
    reply = { status: 401, json: { message: 'Session expired', code: 'UNAUTHORIZED' } };
    await expect(api.listUsers()).rejects.toMatchObject({ status: 401 });
    expect(store.get(adminSessionAtom).token).toBeNull();
    expect(store.get(userSessionAtom).token).toBe('user-token');
  });

  it('a 401 on a public call (wrong password) clears nothing', async () => {
    reply = { status: 401, json: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } };
    await expect(api.login({ body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(store.get(userSessionAtom).token).toBe('user-token');
  });
});

describe('lists and CSV exports (issue 10)', () => {
  it('sends a list\'s filters and leaves blank ones out', async () => {
    await api.listDeposits({ query: { status: 'pending,processing', q: '', cursor: 'c2.sig' } });
    expect(last().url).toBe('/api/admin/deposits/all?status=pending%2Cprocessing&cursor=c2.sig');
  });

  describe('downloadCsv', () => {
    /** The link the browser would click: node has no document, so a stand-in records it. */
    function fakeDocument() {
      const link = { href: '', download: '', click: jest.fn() };
      Object.assign(globalThis, { document: { createElement: () => link } });
      const blobs: Blob[] = [];
      jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        blobs.push(blob as Blob);
        return 'blob:csv';
      });
      const revoke = jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      return { link, blobs, revoke };
    }
    afterEach(() => {
      delete (globalThis as { document?: unknown }).document;
    });

    it('fetches the export with the admin token and the filters, and saves it under the server\'s file name', async () => {
      const { link, blobs, revoke } = fakeDocument();
      reply = { status: 200, json: null, csv: 'id,amount\r\nd1,250\r\n' };
      await downloadCsv('/admin/export/deposits', { status: 'pending', q: 'jane', from: '' });
      expect(last()).toMatchObject({ method: 'GET', url: '/api/admin/export/deposits?status=pending&q=jane' });
      expect(last().headers.authorization).toBe('Bearer admin-token');
      expect(link).toMatchObject({ href: 'blob:csv', download: 'deposits-2026-11-30.csv' });
      expect(link.click).toHaveBeenCalledTimes(1);
      expect(await blobs[0]?.text()).toBe('id,amount\r\nd1,250\r\n');
      expect(revoke).toHaveBeenCalledWith('blob:csv');
    });

    it('an investor\'s export carries the user token', async () => {
      fakeDocument();
      reply = { status: 200, json: null, csv: '' };
      await downloadCsv('/user/export/ledger', { from: '2026-11-01', to: '2026-11-30' });
      expect(last().url).toBe('/api/user/export/ledger?from=2026-11-01&to=2026-11-30');
      expect(last().headers.authorization).toBe('Bearer user-token');
    });

    it('fails like every call: an ApiError with the server\'s message, nothing saved', async () => {
      const { link } = fakeDocument();
      reply = { status: 400, json: { message: 'to: must not be before from', code: 'VALIDATION' } };
      await expect(downloadCsv('/admin/export/users', { from: '2026-11-30', to: '2026-11-01' })).rejects.toEqual(new ApiError('to: must not be before from', 400, 'VALIDATION'));
      expect(link.click).not.toHaveBeenCalled();
    });

    it('with every filter blank, asks for the export with no query string, and falls back to the path\'s name', async () => {
      const { link } = fakeDocument();
      const sent = jest.spyOn(globalThis, 'fetch');
      reply = { status: 200, json: null, text: 'id\r\n', type: 'text/csv' };
      await downloadCsv('/admin/export/users', { q: '' });
      expect(sent.mock.calls.map(([url]) => String(url))).toEqual([`${origin()}/api/admin/export/users`]);
      expect(last()).toMatchObject({ method: 'GET', url: '/api/admin/export/users' });
      expect(link.download).toBe('users.csv');
    });
  });
});
