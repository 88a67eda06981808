import { setupTestServer } from '../harness';
import { PNG, form } from '../uploads';

const t = setupTestServer();

describe('uploads', () => {
  test('a PNG (by its bytes) is stored under a server-made name and served back with its type and nosniff', async () => {
    const user = await t().registerUser();
    const res = await t().call('uploadImage', { token: user.token, body: form(PNG, '../../evil name.png') });
    expect(res.status).toBe(201);
    expect(res.body.mediaUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}\.png$/);
    const media = await t().fetch(res.body.mediaUrl);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(media.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test('a text file named .png and an SVG are refused with 400', async () => {
    const admin = await t().loginAdmin();
    const text = await t().call('uploadImage', { token: admin.token, body: form('hello, not an image', 'photo.png') });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ message: 'file: must be a PNG, JPEG, GIF or WebP image', code: 'UNSUPPORTED_FILE' });
    const svg = await t().call('uploadImage', { token: admin.token, body: form('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml') });
    expect(svg.status).toBe(400);
  });

  test('a file over 5 MB is 413', async () => {
    const user = await t().registerUser();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await t().call('uploadImage', { token: user.token, body: form(big, 'big.png') });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'file: must be at most 5 MB', code: 'TOO_LARGE' });
  });

  test('no file, or another field name, is 400 naming file', async () => {
    const user = await t().registerUser();
    expect((await t().call('uploadImage', { token: user.token, body: form(PNG, 'a.png', 'image/png', 'image') })).body).toEqual({ message: 'file: is required', code: 'VALIDATION' });
    expect((await t().call('uploadImage', { token: user.token, body: {} })).status).toBe(400);
  });

  test('unknown media is 404 and names cannot climb out of the folder', async () => {
    expect((await t().fetch('/api/media/0000.png')).status).toBe(404);
    expect((await t().fetch('/api/media/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

describe('wallet addresses', () => {
  const addresses = { bitcoin: 'bc1qexample', ethereum: '0xexample', sol: 'SoLexample', usdt: 'TUSDTexample' };

  test('a singleton: empty list, create, 409 on a second create, update by id, 404 for an unknown id', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    expect((await t().call('getWalletAddresses', { token: user.token })).body).toEqual({ data: [] });
    const created = await t().call('createWalletAddress', { token: admin.token, body: addresses });
    expect(created.status).toBe(201);
    // An admin's answers carry the record's keys (none set: docs/chain.md).
    const keys = { bitcoinXpub: null, evmXpub: null };
    expect(created.body.data).toEqual({ _id: expect.any(String), ...addresses, ...keys });
    const second = await t().call('createWalletAddress', { token: admin.token, body: addresses });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'The wallet address record already exists; update it instead', code: 'WALLET_EXISTS' });
    const id = created.body.data._id;
    const updated = await t().call('updateWalletAddress', { token: admin.token, params: { id }, body: { ...addresses, bitcoin: 'bc1qnew' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ data: { _id: id, ...addresses, ...keys, bitcoin: 'bc1qnew' }, message: 'Wallet addresses updated!' });
    // An investor's: no keys; no chain quoted (none watched here).
    expect((await t().call('getWalletAddresses', { token: user.token })).body.data).toEqual([{ _id: id, ...addresses, bitcoin: 'bc1qnew', chains: [] }]);
    const unknown = await t().call('updateWalletAddress', { token: admin.token, params: { id: 'nope' }, body: addresses });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Wallet address record not found', code: 'NOT_FOUND' });
  });

  test('every address field is required', async () => {
    const admin = await t().loginAdmin();
    const res = await t().request('POST', '/wallet-address', { token: admin.token, body: { ...addresses, sol: undefined } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'sol: is required', code: 'VALIDATION' });
  });
});

describe('traders and copy trading', () => {
  const IMAGE_URL = 'imageUrl: must be the mediaUrl of an image you uploaded (POST /image/upload-single)';
  const trader = { name: 'Satoshi', wins: 7, losses: 3, winRate: 99, profitShare: '20%' };
  /** A trader body whose picture `uploader` uploaded. */
  const withImage = async (uploader: { token: string }) => ({ ...trader, imageUrl: (await t().call('uploadImage', { token: uploader.token, body: form(PNG, 's.png') })).body.mediaUrl });

  test.each([
    [7, 3, 70],
    [2, 1, 67],
    [0, 0, 0],
    [0, 5, 0],
    [1, 2, 33],
  ])('wins %i losses %i: the server computes winRate %i (what the client sent is ignored)', async (wins, losses, rate) => {
    const admin = await t().loginAdmin();
    const body = await withImage(admin);
    const res = await t().call('createTrader', { token: admin.token, body: { ...body, wins, losses } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Trader added successfully');
    expect(res.body.data).toMatchObject({ name: 'Satoshi', wins, losses, winRate: rate, profitShare: '20%', imageUrl: body.imageUrl });
  });

  test.each([
    [{ name: '' }, 'name: is required'],
    [{ wins: -1 }, 'wins: must be 0 or more'],
    [{ losses: 1.5 }, 'losses: must be a whole number'],
    [{ wins: 1_000_001 }, 'wins: is too large'],
    [{ profitShare: undefined }, 'profitShare: is required'],
    [{ imageUrl: 'javascript:alert(1)' }, IMAGE_URL],
    [{ imageUrl: '/api/media/../../etc/passwd' }, IMAGE_URL],
    [{ imageUrl: 'https://tracker.example.com/pixel.gif' }, IMAGE_URL],
    [{ imageUrl: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, IMAGE_URL],
    [{ imageUrl: '/api/media/00000000-0000-0000-0000-000000000000.png' }, IMAGE_URL],
  ])('%j is 400 "%s"', async (change, message) => {
    const admin = await t().loginAdmin();
    const res = await t().request('POST', '/copyTrade', { token: admin.token, body: { ...(await withImage(admin)), ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'VALIDATION' });
  });

  test('an image an investor uploaded is not accepted as a trader picture', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const res = await t().request('POST', '/copyTrade', { token: admin.token, body: await withImage(user) });
    expect(res.body).toEqual({ message: IMAGE_URL, code: 'VALIDATION' });
  });

  test('an investor toggles copying on and off; the profile lists copied traders; deleting a trader ends copies', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const created = await t().call('createTrader', { token: admin.token, body: await withImage(admin) });
    const id = created.body.data._id;
    expect((await t().call('getTraders', { token: user.token })).body.data.map((x) => x._id)).toEqual([id]);
    const on = await t().call('toggleCopy', { token: user.token, params: { id } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ data: { copying: true, copyTraders: [id] }, message: 'Started copying!' });
    expect((await t().call('getProfile', { token: user.token })).body.data.copyTraders).toEqual([id]);
    const off = await t().call('toggleCopy', { token: user.token, params: { id } });
    expect(off.body).toEqual({ data: { copying: false, copyTraders: [] }, message: 'Stopped copying!' });
    await t().call('toggleCopy', { token: user.token, params: { id } });
    const del = await t().call('deleteTrader', { token: admin.token, params: { id } });
    expect(del.body).toEqual({ message: 'Trader deleted successfully' });
    expect((await t().call('getProfile', { token: user.token })).body.data.copyTraders).toEqual([]);
  });

  test('unknown traders are 404 for toggle and delete', async () => {
    const admin = await t().loginAdmin();
    const user = await t().registerUser();
    const toggle = await t().call('toggleCopy', { token: user.token, params: { id: 'nope' } });
    expect(toggle.status).toBe(404);
    expect(toggle.body).toEqual({ message: 'Trader not found', code: 'TRADER_NOT_FOUND' });
    expect((await t().call('deleteTrader', { token: admin.token, params: { id: 'nope' } })).status).toBe(404);
  });
});
