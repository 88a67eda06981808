import { defineRoute, feature } from '../../http/define-route';
import { payoutsOverview, unsignedPayout, uploadSignedPayout } from '../../services/payouts-admin';

export default feature(
  defineRoute('payoutsOverview', async ({ deps }) => ({ data: await payoutsOverview(deps) })),
  defineRoute('unsignedPayout', async ({ params, db }) => ({ data: await unsignedPayout(db, params.id) })),
  defineRoute('uploadSignedPayout', async ({ params, body, auth, db }) => uploadSignedPayout(db, auth.uid, params.id, body.signed)),
);
