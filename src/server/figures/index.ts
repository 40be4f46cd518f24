// The day's numbers for the Admin: orders, takings and times per day, and the day's CSV.
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { dayFigureRoutes } from './routes.js';


/** GET /admin/day and its CSV. */
export const figuresFeature = ({ db, tokens, clock, timeZone }: { db: Db; tokens: Tokens; clock: () => number; timeZone: string }) => dayFigureRoutes(db, tokens, { clock, timeZone });
