// The floor: tables, their seats, and the secret code each table's QR code carries.
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { tableRoutes } from './routes.js';


/** The tables and their codes. */
export const tablesFeature = ({ db, tokens, clock }: { db: Db; tokens: Tokens; clock: () => number }) => tableRoutes(db, tokens, clock);
