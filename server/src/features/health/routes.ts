import { defineRoute, feature } from '../../http/define-route';
import { databaseHealth } from '../../services/health';

// buildApp migrates before it registers routes, so answering at all means migrations ran; the
// service's query proves the database still answers.
export default feature(defineRoute('health', async ({ db }) => databaseHealth(db)));
