import { isOwnUpload } from '../../src/services/uploads';
import { sweepUnreferencedUploads } from '../../src/jobs/uploads';
import { setupTestServer } from '../harness';
import { PNG, form } from '../uploads';

// Races of the spam limits (issue 15, item 10), on the real PostgreSQL only: PGlite has a single
// connection, so nothing runs concurrently there. The root test script runs this with DATABASE_URL set.
const pg = process.env.DATABASE_URL;
const describeOnPostgres = pg ? describe : describe.skip;

describeOnPostgres(`limit races on PostgreSQL${pg ? '' : ' (skipped: DATABASE_URL is not set; races need a real PostgreSQL)'}`, () => {
  const t = setupTestServer();
  const count = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

  test('20 concurrent deposits at a cap of 5 pending: exactly 5 accepted, 15 refused', async () => {
    const user = await t().registerUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t().call('createDeposit', { token: user.token, body: { method: 'bitcoin', amount: 10, from: user.uid } })),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 201: 5, 422: 15 });
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.code).toBe('TOO_MANY_PENDING');
    expect((await t().db.query('SELECT 1 FROM deposits WHERE uid = $1', [user.uid])).rows).toHaveLength(5);
  });

  test('20 concurrent uploads at 5 an hour: exactly 5 stored', async () => {
    const saved = t().config.uploadMaxPerHour;
    t().config.uploadMaxPerHour = 5;
    try {
      const user = await t().registerUser();
      const results = await Promise.all(Array.from({ length: 20 }, () => t().call('uploadImage', { token: user.token, body: form(PNG, 'a.png') })));
      expect(count(results.map((r) => r.status))).toEqual({ 201: 5, 429: 15 });
      expect((await t().db.query('SELECT 1 FROM uploads WHERE uploaded_by = $1', [user.uid])).rows).toHaveLength(5);
    } finally {
      t().config.uploadMaxPerHour = saved;
    }
  });

  test('the sweep skips an upload that a profile save is referencing, and keeps it once saved', async () => {
    const user = await t().registerUser();
    const url = (await t().call('uploadImage', { token: user.token, body: form(PNG, 'me.png') })).body.mediaUrl;
    const name = url.split('/').pop() ?? '';
    await t().db.query("UPDATE uploads SET created_at = now() - interval '25 hours'");
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let checked = () => undefined as void;
    const locked = new Promise<void>((resolve) => {
      checked = resolve;
    });
    // A profile save in flight: the upload is checked (FOR SHARE), the reference not yet committed.
    const save = t().db.tx(async (q) => {
      expect(await isOwnUpload(t().app, q, user.uid, url)).toBe(true);
      checked();
      await held;
      await q.query('UPDATE users SET profile_pic = $1 WHERE id = $2', [url, user.uid]);
    });
    await locked;
    expect(await sweepUnreferencedUploads(t().db, t().app.storage, 24)).toEqual([]);
    release();
    await save;
    expect(await sweepUnreferencedUploads(t().db, t().app.storage, 24)).toEqual([]);
    expect((await t().db.query('SELECT 1 FROM uploads WHERE name = $1', [name])).rows).toHaveLength(1);
    expect((await t().fetch(url)).status).toBe(200);
  });
});
