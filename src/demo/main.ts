// Wires the demo variant: the same router, guard and session code as the site, its own
// session key and API. Nothing else lives here.
import '../site/styles.css';
import { mountApp } from '../router/app.js';
import { createHttp } from '../core/http.js';
import { interceptLinks } from '../router/links.js';
import { browserLocation } from '../router/location.js';
import { endSession } from '../core/login-state.js';
import { createNavigation } from '../router/navigation.js';
import { createPageChange } from '../router/page-change.js';
import { createSessionStore } from '../core/session.js';
import { createDemoApi, DEMO_API_URL } from './api.js';
import { demoRoutes } from './routes.js';
import type { Services } from './services.js';
import { parseDemoUser } from './user.js';

const announcer = document.getElementById('announcer')!;
const navigation = createNavigation(browserLocation());
const session = createSessionStore('tavola-demo.session', parseDemoUser);

const services: Services = {
  // No token for every call: only /auth/me carries it (api.ts says why).
  api: createDemoApi(createHttp({ base: DEMO_API_URL }), () => session.get()?.token),
  session,
  navigation,
  endSession: (here) => endSession(navigation, session, here),
  announce: (text) => (announcer.textContent = text),
};

interceptLinks(document, navigation.navigate);
mountApp({
  routes: demoRoutes(services),
  navigation,
  session,
  root: document.getElementById('app')!,
  pageChange: createPageChange(announcer),
  forbidden: '/',
  title: (page) => (page ? `${page} · Tavola demo` : 'Tavola demo'),
});
