import { defineRoute, feature } from '../../http/define-route';
import { portfolioHistory } from './portfolio';
import { listLedger, listTransactions } from './service';

export default feature(
  defineRoute('getTransactions', async ({ auth, db }) => ({ data: await listTransactions(db, auth.uid) })),
  defineRoute('allTransactions', async ({ db }) => ({ data: await listTransactions(db, null) })),
  defineRoute('getLedger', async ({ auth, db }) => ({ data: await listLedger(db, auth.uid) })),
  defineRoute('getPortfolioHistory', async ({ auth, db, query }) => ({ data: await portfolioHistory(db, auth.uid, query.range) })),
);
