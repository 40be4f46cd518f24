// Pictures: an upload re-encoded to WebP at two widths with nothing else kept, stored in the
// database and served by the hash of its bytes.
export { pictureRoutes } from './routes.js';
export { storePicture } from './store.js';
export { MAX_UPLOAD_BYTES, PICTURE_WIDTHS, pictureUrl, processPicture } from './process.js';
