import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sweepUnreferencedUploads } from '../../src/jobs/uploads';
import { setupTestServer, type TestUser } from '../harness';
import { PNG, form } from '../uploads';

// Upload spam (issue 15, item 10): per-user quota, hourly count, and the sweep of unreferenced files.
const t = setupTestServer();
const defaults = () => ({ quota: t().config.uploadQuotaBytes, perHour: t().config.uploadMaxPerHour });
let saved: ReturnType<typeof defaults>;
beforeAll(() => {
  saved = defaults();
});
afterEach(() => {
  // The config is live: put back what a test changed.
  t().config.uploadQuotaBytes = saved.quota;
  t().config.uploadMaxPerHour = saved.perHour;
});

const upload = (user: { token: string }) => t().call('uploadImage', { token: user.token, body: form(PNG, 'a.png') });
const storedFiles = () => readdirSync(join(t().config.dataDir, 'uploads')).length;
const nameOf = (mediaUrl: string) => mediaUrl.split('/').pop() ?? '';
/** Moves a user's uploads (or the named ones) back in time, as if made `hours` ago. */
const age = (hours: number, where: { uid?: string; names?: string[] }) =>
  t().db.query(
    `UPDATE uploads SET created_at = now() - make_interval(mins => $1) WHERE uploaded_by = $2 OR name = ANY($3::text[])`,
    [Math.round(hours * 60), where.uid ?? '', where.names ?? []],
  );

test('the defaults: 50 MB per user, 60 uploads an hour', () => {
  expect(saved).toEqual({ quota: 50 * 1024 * 1024, perHour: 60 });
});

test('over the per-user quota is 413 UPLOAD_QUOTA_EXCEEDED; nothing is stored; other users are not affected', async () => {
  t().config.uploadQuotaBytes = PNG.length * 2 + 10;
  const ann: TestUser = await t().registerUser();
  expect((await upload(ann)).status).toBe(201);
  expect((await upload(ann)).status).toBe(201);
  const files = storedFiles();
  const third = await upload(ann);
  expect(third.status).toBe(413);
  expect(third.body).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
  expect(storedFiles()).toBe(files);
  expect((await t().db.query('SELECT 1 FROM uploads WHERE uploaded_by = $1', [ann.uid])).rows).toHaveLength(2);
  expect((await upload(await t().registerUser())).status).toBe(201);
});

test('the quota message names the quota in MB and the grace period', async () => {
  t().config.uploadQuotaBytes = 1.5 * 1024 * 1024;
  const bob = await t().registerUser();
  await t().db.query("INSERT INTO uploads (name, content_type, size, uploaded_by) VALUES ('x.png', 'image/png', $1, $2)", [1.5 * 1024 * 1024, bob.uid]);
  expect((await upload(bob)).body).toEqual({
    message: 'file: your uploads may take at most 1.5 MB in all; images you no longer use are removed after 24 hours',
    code: 'UPLOAD_QUOTA_EXCEEDED',
  });
});

test('more than UPLOAD_MAX_PER_HOUR in an hour is 429 UPLOAD_RATE_LIMITED with Retry-After; older uploads do not count', async () => {
  t().config.uploadMaxPerHour = 3;
  const cy = await t().registerUser();
  for (let i = 0; i < 3; i++) expect((await upload(cy)).status).toBe(201);
  const fourth = await upload(cy);
  expect(fourth.status).toBe(429);
  expect(fourth.body).toEqual({ message: 'file: at most 3 uploads per hour; try again later', code: 'UPLOAD_RATE_LIMITED' });
  const retryAfter = Number(fourth.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  // 59 minutes later, one minute remains of the oldest upload's hour.
  await age(59, { uid: cy.uid });
  expect(Number((await upload(cy)).headers.get('retry-after'))).toBeLessThanOrEqual(60);
  await age(61, { uid: cy.uid });
  expect((await upload(cy)).status).toBe(201);
});

test('the sweep deletes old unreferenced uploads (row and file) and keeps referenced and recent ones', async () => {
  const admin = await t().loginAdmin();
  const dee = await t().registerUser();
  const [pic, replaced, recent] = [(await upload(dee)).body.mediaUrl, (await upload(dee)).body.mediaUrl, (await upload(dee)).body.mediaUrl];
  const [traderPic, unused, deletedTraderPic] = [(await upload(admin)).body.mediaUrl, (await upload(admin)).body.mediaUrl, (await upload(admin)).body.mediaUrl];
  // `replaced` was the profile picture, then `pic` took its place.
  expect((await t().call('updateProfile', { token: dee.token, body: { profilePic: replaced } })).status).toBe(200);
  expect((await t().call('updateProfile', { token: dee.token, body: { profilePic: pic } })).status).toBe(200);
  const trader = { name: 'Kite', wins: 1, losses: 1, profitShare: '10%' };
  expect((await t().call('createTrader', { token: admin.token, body: { ...trader, imageUrl: traderPic } })).status).toBe(201);
  const gone = await t().call('createTrader', { token: admin.token, body: { ...trader, imageUrl: deletedTraderPic } });
  expect((await t().call('deleteTrader', { token: admin.token, params: { id: gone.body.data._id } })).status).toBe(200);
  await age(25, { names: [pic, replaced, traderPic, unused, deletedTraderPic].map(nameOf) });

  const removed = await sweepUnreferencedUploads(t().db, t().app.storage, 24);
  expect(removed.sort()).toEqual([replaced, unused, deletedTraderPic].map(nameOf).sort());
  for (const url of [replaced, unused, deletedTraderPic]) expect((await t().fetch(url)).status).toBe(404);
  for (const url of [pic, recent, traderPic]) expect((await t().fetch(url)).status).toBe(200);
  const { rows } = await t().db.query<{ name: string }>('SELECT name FROM uploads ORDER BY name');
  expect(rows.map((r) => r.name)).toEqual([pic, recent, traderPic].map(nameOf).sort());
  const files = new Set(readdirSync(join(t().config.dataDir, 'uploads')));
  expect([pic, replaced, recent, traderPic, unused, deletedTraderPic].map((url) => files.has(nameOf(url)))).toEqual([true, false, true, true, false, false]);
  // A swept image can no longer be referenced, and a second sweep finds nothing.
  expect((await t().call('updateProfile', { token: dee.token, body: { profilePic: replaced } })).status).toBe(400);
  expect(await sweepUnreferencedUploads(t().db, t().app.storage, 24)).toEqual([]);
});

test('swept uploads no longer count against the quota', async () => {
  t().config.uploadQuotaBytes = PNG.length;
  const eve = await t().registerUser();
  const first = (await upload(eve)).body.mediaUrl;
  expect((await upload(eve)).status).toBe(413);
  await age(25, { names: [nameOf(first)] });
  await sweepUnreferencedUploads(t().db, t().app.storage, 24);
  expect((await upload(eve)).status).toBe(201);
});
