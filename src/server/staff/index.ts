// The staff: the Admin's accounts (invite, role, deactivate, password links) and each
// member's own profile and password.
export { staffAccountRoutes } from './routes.js';
export { staffRoutes } from './profile-routes.js';
