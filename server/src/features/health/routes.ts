import { defineRoute, feature } from '../../http/define-route';

// buildApp migrates before it registers routes, so answering at all means migrations ran; the
// query proves the database still answers.
export default feature(
  defineRoute('health', async ({ db }) => {
    await db.query('SELECT 1');
    return { status: 'ok', database: db.kind };
  }),
);
