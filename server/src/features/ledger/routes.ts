import { defineRoute, feature } from '../../http/define-route';
import { verifyLedger } from '../../ledger/seals';

// An audit that reads the whole sealed ledger (time grows with history; memory does not).
export default feature(defineRoute('verifyLedger', async ({ db }) => ({ data: await verifyLedger(db) })));
