import { defineRoute, feature } from '../../http/define-route';
import { createInvite, listInvites } from '../../services/invites';

export default feature(
  defineRoute('createInvite', async ({ auth, deps }) => ({ data: await createInvite(deps, auth.uid), message: 'Invite created: it works once, for 7 days.' })),
  defineRoute('listInvites', async ({ db, deps, query }) => listInvites(db, deps.cursors, query)),
);
