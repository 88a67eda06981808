import { setupTestServer } from '../harness';
import { createPlan, fund, invest, setupCast } from './helpers';

// Plans: public (no uid) or private to one investor; soft-deleted so investments keep them.
const t = setupTestServer();
const { admin, ann, bo } = setupCast(t, { ann: { name: 'Ann Lee' }, bo: { name: 'Bo Chen' } });

test('POST /admin/plans creates a public plan with the spec\'s fields', async () => {
  const res = await t().call('createPlan', { token: admin.token, body: { name: 'Gold', minAmount: 100, maxAmount: 5000.5, returns: 12.5, duration: 30 } });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Plan created successfully!');
  expect(res.body.data).toMatchObject({ name: 'Gold', minAmount: 100, maxAmount: 5000.5, returns: 12.5, duration: 30, uid: null, user: null });
});

test('a private plan names its investor; an unknown or closed investor is a 404', async () => {
  const res = await t().call('createPlan', { token: admin.token, body: { name: 'VIP', minAmount: 10, maxAmount: 20, returns: 5, duration: 7, uid: ann.uid } });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ uid: ann.uid, user: { name: 'Ann Lee' } });
  const unknown = await t().call('createPlan', { token: admin.token, body: { minAmount: 10, maxAmount: 20, returns: 5, duration: 7, uid: 'nobody' } });
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
  await t().call('deleteUser', { token: admin.token, params: { uid: bo.uid } });
  const closed = await t().call('createPlan', { token: admin.token, body: { minAmount: 10, maxAmount: 20, returns: 5, duration: 7, uid: bo.uid } });
  expect(closed.status).toBe(404);
  const toAdmin = await t().call('createPlan', { token: admin.token, body: { minAmount: 10, maxAmount: 20, returns: 5, duration: 7, uid: admin.uid } });
  expect(toAdmin.status).toBe(404);
});

test('an empty uid or name from the form means a public, unnamed plan', async () => {
  const res = await t().call('createPlan', { token: admin.token, body: { name: '', minAmount: 1, maxAmount: 2, returns: 1, duration: 1, uid: '' } });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ name: null, uid: null });
});

test.each([
  ['maxAmount below minAmount', { minAmount: 50, maxAmount: 10 }, 'maxAmount: must be at least minAmount'],
  ['minAmount zero', { minAmount: 0 }, 'minAmount: must be greater than 0'],
  ['a fractional duration', { duration: 1.5 }, 'duration: must be a whole number of days'],
  ['negative returns', { returns: -1 }, 'returns: must be 0 or more'],
  ['returns as a string', { returns: '10' }, 'returns: must be a number'],
])('creating a plan with %s is a 400', async (_name, patch, message) => {
  const res = await t().call('createPlan', { token: admin.token, body: { minAmount: 10, maxAmount: 20, returns: 5, duration: 7, ...patch } });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message, code: 'VALIDATION' });
});

test('GET /plan/all: an investor sees public plans and their own; an admin sees all', async () => {
  const pub = await createPlan(t(), admin, { name: 'Public' });
  const annsPlan = await createPlan(t(), admin, { name: 'Ann only', uid: ann.uid });
  const bosPlan = await createPlan(t(), admin, { name: 'Bo only', uid: bo.uid });
  const ids = async (token: string) => (await t().call('getPlans', { token })).body.data.map((p) => p.id).sort();
  expect(await ids(ann.token)).toEqual([pub, annsPlan].sort());
  expect(await ids(bo.token)).toEqual([pub, bosPlan].sort());
  expect(await ids(admin.token)).toEqual([pub, annsPlan, bosPlan].sort());
});

test('DELETE /admin/plans/:id withdraws it from offer; investments keep it; a second delete is a 404', async () => {
  const plan = await createPlan(t(), admin);
  await fund(t(), admin, ann, 500);
  const inv = await invest(t(), ann, plan, 200);
  const res = await t().call('deletePlan', { token: admin.token, params: { id: plan } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'Plan deleted successfully.' });
  expect((await t().call('getPlans', { token: ann.token })).body.data).toEqual([]);
  expect((await t().call('getPlans', { token: admin.token })).body.data).toEqual([]);
  const mine = (await t().call('getInvestments', { token: ann.token })).body.data;
  expect(mine).toEqual([expect.objectContaining({ id: inv, plan_id: plan, plan_name: 'Gold' })]);
  const again = await t().call('deletePlan', { token: admin.token, params: { id: plan } });
  expect(again.status).toBe(404);
  expect(again.body).toEqual({ message: 'Plan not found', code: 'NOT_FOUND' });
});

test('only admins create or delete plans (403 for an investor)', async () => {
  const res = await t().call('createPlan', { token: ann.token, body: { minAmount: 1, maxAmount: 2, returns: 1, duration: 1 } });
  expect(res.status).toBe(403);
});
