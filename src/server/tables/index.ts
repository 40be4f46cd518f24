// The floor: tables, their seats, and the secret code each table's QR code carries.
export { tableRoutes } from './routes.js';
