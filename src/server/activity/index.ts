// The activity list: who changed what and when. Every feature records its changes here, in
// the change's own transaction; the Admin reads the list at GET /admin/activity.
export { recordActivity, type Actor, type Who } from './store.js';
export { activityRoutes } from './routes.js';
