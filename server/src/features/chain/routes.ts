import { defineRoute, feature } from '../../http/define-route';
import { chainStatus } from '../../services/chain-status';

export default feature(defineRoute('chainStatus', async ({ deps }) => ({ data: await chainStatus(deps) })));
