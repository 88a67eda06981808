import { defineRoute, feature } from '../../http/define-route';
import { solvency } from '../../services/solvency';

export default feature(defineRoute('solvency', async ({ db }) => ({ data: await solvency(db) })));
