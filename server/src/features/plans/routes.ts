import { defineRoute, feature } from '../../http/define-route';
import { createPlan, deletePlan, listPlans } from '../../services/plans';

export default feature(
  defineRoute('getPlans', async ({ auth, db, deps, query }) => listPlans(db, deps.cursors, auth, query)),
  defineRoute('createPlan', async ({ body, auth, db }) => ({
    data: await createPlan(db, auth.uid, body),
    message: 'Plan created successfully!',
  })),
  defineRoute('deletePlan', async ({ params, db }) => {
    await deletePlan(db, params.id);
    return { message: 'Plan deleted successfully.' };
  }),
);
