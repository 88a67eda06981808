// Placeholder so the feature list compiles; the ledger engineer replaces this file.
import { feature } from '../../http/define-route';

export default feature();
