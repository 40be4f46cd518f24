// Pictures: an upload re-encoded to WebP at two widths with nothing else kept, stored in the
// database and served by the hash of its bytes.
import type { Db } from '../db/schema.js';
import { pictureRoutes } from './routes.js';

export { storePicture } from './store.js';
export { MAX_UPLOAD_BYTES, PICTURE_WIDTHS, pictureUrl, processPicture } from './process.js';

/** GET /pictures/{name}. */
export const picturesFeature = ({ db }: { db: Db }) => pictureRoutes(db);
