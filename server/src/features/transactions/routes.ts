import { defineRoute, feature } from '../../http/define-route';
import { portfolioHistory } from './portfolio';
import { listLedger, listTransactions } from './service';

export default feature(
  // The caller's own: uid comes from the token, so a cursor or filter can never reach another's.
  defineRoute('getTransactions', async ({ auth, db, query, request }) => listTransactions(db, request.server.cursors, { ...query, uid: auth.uid })),
  defineRoute('allTransactions', async ({ db, query, request }) => listTransactions(db, request.server.cursors, query)),
  defineRoute('getLedger', async ({ auth, db, query, request }) => listLedger(db, request.server.cursors, auth.uid, query)),
  defineRoute('getPortfolioHistory', async ({ auth, db, query }) => ({ data: await portfolioHistory(db, auth.uid, query.range) })),
);
