import { defineRoute, feature } from '../../http/define-route';
import { createTrader, deleteTrader, listTraders, toggleCopy } from '../../services/traders';

export default feature(
  defineRoute('getTraders', async ({ db, deps, query }) => listTraders(db, deps.cursors, query)),

  defineRoute('createTrader', async ({ auth, body, deps }) => ({ data: await createTrader(deps, auth.uid, body), message: 'Trader added successfully' })),

  defineRoute('deleteTrader', async ({ params, db }) => {
    await deleteTrader(db, params.id);
    return { message: 'Trader deleted successfully' };
  }),

  defineRoute('toggleCopy', async ({ params, auth, db }) => {
    const data = await toggleCopy(db, auth.uid, params.id);
    return { data, message: data.copying ? 'Started copying!' : 'Stopped copying!' };
  }),
);
