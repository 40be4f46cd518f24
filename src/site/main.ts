// Wires the restaurant site: address, session, routes, links. Nothing else lives here.
import './styles.css';
import { mountApp } from '../core/app.js';
import { interceptLinks } from '../core/links.js';
import { browserLocation } from '../core/location.js';
import { createNavigation } from '../core/navigation.js';
import { createPageChange } from '../core/page-change.js';
import { createSessionStore } from '../core/session.js';
import { siteRoutes } from './routes.js';
import { parseStaffUser } from './user.js';

const navigation = createNavigation(browserLocation());
const session = createSessionStore('tavola.session', parseStaffUser);

interceptLinks(document, navigation.navigate);
mountApp({
  routes: siteRoutes,
  navigation,
  session,
  root: document.getElementById('app')!,
  pageChange: createPageChange(document.getElementById('announcer')!),
  forbidden: '/forbidden',
  title: (page) => (page ? `${page} · Tavola` : 'Tavola'),
});
