import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from './api';
import { ApiError, configureApi, downloadCsv, errorMessage } from './http';
import { adminSessionAtom, clearAdminSessionAtom, clearUserSessionAtom, emptyUserSession, store, userSessionAtom } from './session';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let seen: Seen[] = [];
/** What the next request answers: status and JSON body (contract shapes). */
let reply: { status: number; json: unknown; csv?: string } = { status: 200, json: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
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
  store.set(clearUserSessionAtom);
  store.set(clearAdminSessionAtom);
  jest.restoreAllMocks();
});

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

describe('errors', () => {
  it("become ApiError with the server's message, status and code", async () => {
    reply = { status: 422, json: { message: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' } };
    const error = await api.createWithdrawal({ body: { method: 'bank', amount: 5, to: 'u1' } }, { idempotencyKey: 'k-err' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Insufficient balance', status: 422, code: 'INSUFFICIENT_BALANCE' });
    expect(errorMessage(error, 'Failed to invest.')).toBe('Insufficient balance');
  });

  it('network failures give status 0 and the screen fallback text', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:1/api' });
    const error = await api.getPlans().catch((e: unknown) => e);
    configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(errorMessage(error, 'Failed to fetch plans.')).toBe('Failed to fetch plans.');
  });

  it('a 401 on a user call clears the user session only', async () => {
    reply = { status: 401, json: { message: 'Session expired', code: 'UNAUTHORIZED' } };
    await expect(api.getProfile()).rejects.toMatchObject({ status: 401 });
    expect(store.get(userSessionAtom).token).toBeNull();
    expect(store.get(adminSessionAtom).token).toBe('admin-token');
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
  });
});
