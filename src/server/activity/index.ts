// The activity list: who changed what and when. Every feature records its changes here, in
// the change's own transaction; the Admin reads the list at GET /admin/activity.
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { activityRoutes } from './routes.js';

export { recordActivity, type Actor, type Who } from './store.js';

/** GET /admin/activity. */
export const activityFeature = ({ db, tokens }: { db: Db; tokens: Tokens }) => activityRoutes(db, tokens);
