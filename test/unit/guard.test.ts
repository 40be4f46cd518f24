import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decideGuard, hasRole } from '../../src/router/guard.js';

const signedIn = (role: string) => ({ token: 't', user: { role } });
const site = { forbidden: '/forbidden' };
const demo = { forbidden: '/' };

const Guard = suite('decideGuard: the spec table, row by row');

Guard('no session, any roles: redirect to /login, replaced, with from = path and query', () => {
  assert.equal(decideGuard(null, '/kitchen?tab=open', { ...site, roles: ['kitchen'] }), {
    render: false,
    redirect: '/login',
    replace: true,
    state: { from: '/kitchen?tab=open' },
  });
  assert.equal(decideGuard(null, '/account', site), { render: false, redirect: '/login', replace: true, state: { from: '/account' } });
});

Guard('session, no roles list: render, with the session', () => {
  const session = signedIn('Student');
  assert.equal(decideGuard(session, '/account', site), { render: true, session });
});

Guard('session, role in the list: render', () => {
  const session = signedIn('Kitchen');
  assert.equal(decideGuard(session, '/kitchen', { ...site, roles: ['kitchen', 'waiter'] }), { render: true, session });
});

Guard('session, role not in the list, site: redirect to /forbidden, replaced', () => {
  assert.equal(decideGuard(signedIn('Student'), '/kitchen', { ...site, roles: ['kitchen', 'waiter'] }), {
    render: false,
    redirect: '/forbidden',
    replace: true,
  });
});

Guard('session, role not in the list, demo: redirect to /, replaced', () => {
  assert.equal(decideGuard(signedIn('user'), '/admin', { ...demo, roles: ['admin'] }), { render: false, redirect: '/', replace: true });
});

Guard('an empty roles list lets nobody in', () => {
  assert.is(decideGuard(signedIn('Admin'), '/x', { ...site, roles: [] }).render, false);
});

Guard.run();

const Roles = suite('hasRole: letter case is ignored');
const roleCases: [string, string[], boolean][] = [
  ['Kitchen', ['kitchen', 'waiter'], true],
  ['Waiter', ['kitchen', 'waiter'], true],
  ['WAITER', ['Kitchen', 'Waiter'], true],
  ['Admin', ['kitchen', 'waiter'], false],
  ['Student', ['kitchen', 'waiter'], false],
  ['admin', ['admin'], true],
  ['kitchenette', ['kitchen'], false],
];
for (const [role, roles, expected] of roleCases) {
  Roles(`${role} in [${roles}] is ${expected}`, () => assert.is(hasRole(role, roles), expected));
}
Roles.run();
