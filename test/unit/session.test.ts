import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionStore } from '../../src/core/session.js';
import { isRecord } from '../../src/core/stored.js';

const KEY = 'tavola.session';
const parseUser = (json: unknown) =>
  isRecord(json) && typeof json.role === 'string' && typeof json.name === 'string' ? { role: json.role, name: json.name } : undefined;
const kitchen = { token: 'header.payload.signature', user: { role: 'Kitchen', name: 'Kai' } };

const Session = suite('session store');
Session.before.each(() => resetDom());

Session('a fresh browser is a guest', () => {
  assert.is(createSessionStore(KEY, parseUser).get(), null);
});

Session('set saves the session under the fixed key and it survives a reload', () => {
  createSessionStore(KEY, parseUser).set(kitchen);
  assert.equal(JSON.parse(localStorage.getItem(KEY)!), kitchen);
  assert.equal(createSessionStore(KEY, parseUser).get(), kitchen, 'a new store (a reload) reads it back');
});

Session('set(null) signs out and removes the key', () => {
  const store = createSessionStore(KEY, parseUser);
  store.set(kitchen);
  store.set(null);
  assert.is(store.get(), null);
  assert.is(localStorage.getItem(KEY), null);
});

Session('only known fields are stored: a password given by mistake is dropped', () => {
  const store = createSessionStore(KEY, parseUser);
  store.set({ ...kitchen, password: 'hunter2', user: { ...kitchen.user, password: 'hunter2' } } as typeof kitchen);
  assert.not.match(localStorage.getItem(KEY)!, 'hunter2');
  assert.equal(store.get(), kitchen);
});

const corrupt: [string, string][] = [
  ['JSON that does not parse', '{"token":'],
  ['a JSON string', '"token"'],
  ['null', 'null'],
  ['an array', '[]'],
  ['an empty token', '{"token":"","user":{"role":"Admin","name":"A"}}'],
  ['a user without a role', '{"token":"t","user":{"name":"A"}}'],
  ['a role that is not a string', '{"token":"t","user":{"role":7,"name":"A"}}'],
];
for (const [name, raw] of corrupt) {
  Session(`${name} reads as a guest and is removed`, () => {
    localStorage.setItem(KEY, raw);
    assert.is(createSessionStore(KEY, parseUser).get(), null);
    assert.is(localStorage.getItem(KEY), null);
  });
}

Session('subscribers hear every change, in order, until they unsubscribe', () => {
  const store = createSessionStore(KEY, parseUser);
  const seen: unknown[] = [];
  const unsubscribe = store.subscribe((value) => seen.push(value));
  store.set(kitchen);
  store.set(null);
  unsubscribe();
  store.set(kitchen);
  assert.equal(seen, [kitchen, null]);
});

Session('a sign-in in another tab reaches this one', () => {
  const store = createSessionStore(KEY, parseUser);
  const seen: unknown[] = [];
  store.subscribe((value) => seen.push(value));
  localStorage.setItem(KEY, JSON.stringify(kitchen)); // what the other tab wrote
  window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: JSON.stringify(kitchen) }));
  assert.equal(store.get(), kitchen);
  assert.equal(seen, [kitchen]);
});

Session('a sign-out in another tab reaches this one', () => {
  localStorage.setItem(KEY, JSON.stringify(kitchen));
  const store = createSessionStore(KEY, parseUser);
  localStorage.removeItem(KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null }));
  assert.is(store.get(), null);
});

Session('storage cleared in another tab signs this one out', () => {
  localStorage.setItem(KEY, JSON.stringify(kitchen));
  const store = createSessionStore(KEY, parseUser);
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  assert.is(store.get(), null);
});

Session('changes to other keys are ignored', () => {
  const store = createSessionStore(KEY, parseUser);
  let calls = 0;
  store.subscribe(() => calls++);
  window.dispatchEvent(new StorageEvent('storage', { key: 'tavola.cart' }));
  assert.is(calls, 0);
});

Session('storage that refuses writes keeps the session for this page', () => {
  const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} } as unknown as Storage;
  const store = createSessionStore(KEY, parseUser, full);
  store.set(kitchen);
  assert.equal(store.get(), kitchen);
});

Session.run();
