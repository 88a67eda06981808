import { csv, fail, malformed, networkError, ok, page, stubHttp, type HttpStub } from './http-stub';

const plan = { id: 'p1', name: 'Gold', minAmount: 100, maxAmount: 5000, returns: 12.5, duration: 30, uid: null, user: null, createdAt: '2026-11-01T10:00:00.000Z' };
const deposit = { id: 'd1', uid: 'u1', amount: 250, method: 'bitcoin', status: 'pending', createdAt: '2026-11-01T10:00:00.000Z', decidedAt: null, user: { name: 'Jane Doe', email: 'jane@example.com' } };
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let http: HttpStub | undefined;
const realFetch = globalThis.fetch;
afterEach(() => {
  // A test that expects restore() to throw has restored already.
  if (globalThis.fetch !== realFetch) http?.restore();
  http = undefined;
});

describe('routes are checked against the contract when stubbed', () => {
  test('a route that is not in the contract throws', () => {
    expect(() => stubHttp({ 'GET /api/plans/everything': ok([]) })).toThrow('Stub route "GET /api/plans/everything" is not in the contract (api-client/src/contract/endpoints.ts)');
    expect(() => stubHttp({ 'DELETE /api/plan/all': ok([]) })).toThrow('is not in the contract');
    expect(() => stubHttp({ 'GET /plan/all': ok([]) })).toThrow('Bad stub route "GET /plan/all": expected "METHOD /api/path"');
    expect(globalThis.fetch).toBe(realFetch);
  });

  test('a success body the endpoint never sends throws with the route and the zod issue', () => {
    expect(() => stubHttp({ 'GET /api/plan/all': page([{ ...plan, minAmount: '100' }]) })).toThrow(
      /Stub reply for "GET \/api\/plan\/all" does not match the contract's getPlans response:\n✖ Invalid input: expected number, received string\n {2}→ at data\[0\]\.minAmount/,
    );
    http = stubHttp();
    expect(() => http?.on('PATCH /api/admin/deposits/:id/:method/approve', { body: deposit })).toThrow("approveDeposit response");
  });

  test('malformed() is the one way to answer outside the contract on purpose', async () => {
    http = stubHttp({ 'GET /api/copyTrade': malformed({ data: { not: 'a list' } }) });
    expect(await (await fetch('/api/copyTrade')).json()).toEqual({ data: { not: 'a list' } });
  });

  test('an error reply must be the server error body', () => {
    expect(() => stubHttp({ 'GET /api/plan/all': { status: 500, body: { error: 'boom' } } })).toThrow("does not match the contract's error body (500)");
    http = stubHttp({ 'GET /api/plan/all': fail(503, 'Down for maintenance') });
  });
});

describe('requests', () => {
  test("record the caller's abort signal, so a test sees whether the screen cancelled", async () => {
    http = stubHttp({ 'GET /api/plan/all': () => new Promise(() => undefined), 'GET /api/copyTrade': page([]) });
    const controller = new AbortController();
    const pending = fetch('/api/plan/all', { signal: controller.signal });
    await fetch(new Request('http://localhost/api/copyTrade'));
    const [read, other] = http.requests;
    expect([read?.signal.aborted, other?.signal.aborted]).toEqual([false, false]);
    controller.abort();
    expect([read?.signal.aborted, other?.signal.aborted]).toEqual([true, false]);
    void pending.catch(() => undefined);
  });

  test('are answered by METHOD /api/path with :param segments, recorded, and counted per route', async () => {
    http = stubHttp({
      'GET /api/plan/all': page([plan]),
      'PATCH /api/admin/deposits/:id/:method/approve': (_req, params) => ok({ ...deposit, id: params.id ?? '', status: 'approved' }, 'Deposit approved'),
    });
    const list = await fetch('/api/plan/all?status=x', { headers: { authorization: 'Bearer t' } });
    expect([list.status, await list.json()]).toEqual([200, { data: [plan], page: { nextCursor: null } }]);
    const approved = await fetch('/api/admin/deposits/d%201/bitcoin/approve', { method: 'PATCH' });
    expect(await approved.json()).toEqual({ data: { ...deposit, id: 'd 1', status: 'approved' }, message: 'Deposit approved' });
    expect(http.requests.map((r) => [r.method, r.path, r.query.get('status'), r.headers.get('authorization')])).toEqual([
      ['GET', '/api/plan/all', 'x', 'Bearer t'],
      ['PATCH', '/api/admin/deposits/d%201/bitcoin/approve', null, null],
    ]);
    expect(http.calls('PATCH /api/admin/deposits/:id/:method/approve')).toHaveLength(1);
    expect(http.calls('PATCH /api/admin/deposits/d%201/bitcoin/approve')).toHaveLength(1);
    expect(http.calls('GET /api/user/profile')).toHaveLength(0);
    expect(http.mutations().map((r) => r.path)).toEqual(['/api/admin/deposits/d%201/bitcoin/approve']);
  });

  test('a success without a status gets the endpoint\'s own (201 for a deposit); the JSON body is recorded', async () => {
    http = stubHttp({ 'POST /api/deposit': ok(deposit) });
    const res = await fetch('/api/deposit', json({ method: 'bitcoin', amount: 250, from: 'u1' }));
    expect(res.status).toBe(201);
    expect(http.calls('POST /api/deposit')[0]?.body).toEqual({ method: 'bitcoin', amount: 250, from: 'u1' });
  });

  test('an unstubbed request gets 404 NOT_STUBBED; networkError rejects like fetch', async () => {
    http = stubHttp({ 'GET /api/copyTrade': networkError });
    const res = await fetch('/api/plan/all');
    expect([res.status, await res.json()]).toEqual([404, { message: 'No stub for GET /api/plan/all', code: 'NOT_STUBBED' }]);
    await expect(fetch('/api/copyTrade')).rejects.toThrow(new TypeError('Failed to fetch'));
    expect(() => http?.restore()).not.toThrow();
  });

  test('on() replaces a route, whatever its parameters are called', async () => {
    http = stubHttp({ 'DELETE /api/admin/users/:uid': fail(404, 'User not found') });
    http.on('DELETE /api/admin/users/:id', { body: { message: 'User deleted' } });
    expect(await (await fetch('/api/admin/users/u2', { method: 'DELETE' })).json()).toEqual({ message: 'User deleted' });
  });

  test('a body the contract refuses fails the request and, at restore(), the test', async () => {
    http = stubHttp({ 'POST /api/deposit': ok(deposit) });
    await expect(fetch('/api/deposit', json({ method: 'paypal', amount: 10.001, from: 'u1' }))).rejects.toThrow(
      /POST \/api\/deposit sent what the contract's createDeposit refuses: body .*\n✖ must be one of bitcoin, ethereum, solana, usdt\n {2}→ at method\n✖ must have at most 2 decimals\n {2}→ at amount/,
    );
    expect(() => http?.restore()).toThrow("createDeposit refuses");
    expect(globalThis.fetch).toBe(realFetch);
  });

  test('a handler\'s reply is checked when it answers', async () => {
    http = stubHttp({ 'GET /api/plan/all': () => ok([{ id: 'p1' }]) });
    await expect(fetch('/api/plan/all')).rejects.toThrow('Stub reply for "GET /api/plan/all" does not match');
    expect(() => http?.restore()).toThrow('getPlans response');
  });

  test('a multipart upload is recorded as FormData, not checked as JSON', async () => {
    http = stubHttp({ 'POST /api/image/upload-single': { body: { mediaUrl: '/uploads/a.png' } } });
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    const res = await fetch('/api/image/upload-single', { method: 'POST', body: form });
    expect([res.status, await res.json()]).toEqual([201, { mediaUrl: '/uploads/a.png' }]);
    expect((http.requests[0]?.body as FormData).get('file')).toBeInstanceOf(Blob);
  });
});

describe('lists and exports (issue 10)', () => {
  test('a list answers a page; its query is checked against the list\'s (cursor, status, limit)', async () => {
    http = stubHttp({ 'GET /api/admin/deposits/all': page([deposit], 'c2.sig') });
    expect(() => http?.on('GET /api/admin/deposits/all', ok([deposit]))).toThrow('listDeposits response');
    expect(await (await fetch('/api/admin/deposits/all?status=pending&cursor=c1.sig&limit=50')).json()).toEqual({ data: [deposit], page: { nextCursor: 'c2.sig' } });
    await expect(fetch('/api/admin/deposits/all?status=lost')).rejects.toThrow(/listDeposits refuses: query "status=lost"/);
    expect(() => http?.restore()).toThrow('must be one of');
  });

  test('an export stands for its list: CSV text with its file name; its query is the list\'s, never a page', async () => {
    http = stubHttp({ 'GET /api/admin/export/deposits': csv('id,amount\r\nd1,250\r\n', 'deposits-2026-11-01.csv') });
    expect(() => http?.on('GET /api/admin/export/deposits', ok([]))).toThrow('must be CSV text');
    expect(() => http?.on('GET /api/admin/export/everything', csv(''))).toThrow('is not in the contract');
    const res = await fetch('/api/admin/export/deposits?status=pending&q=jane');
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition'), await res.text()]).toEqual([
      200, 'text/csv; charset=utf-8', 'attachment; filename="deposits-2026-11-01.csv"', 'id,amount\r\nd1,250\r\n',
    ]);
    await expect(fetch('/api/admin/export/deposits?cursor=c1.sig')).rejects.toThrow('an export takes no limit or cursor');
    expect(() => http?.restore()).toThrow('an export takes no limit or cursor');
  });
});

test('restore() puts the real fetch back', () => {
  const stub = stubHttp();
  expect(globalThis.fetch).not.toBe(realFetch);
  stub.restore();
  expect(globalThis.fetch).toBe(realFetch);
});
