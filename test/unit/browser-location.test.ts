import { ORIGIN, resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { browserLocation } from '../../src/router/location.js';
import { createNavigation } from '../../src/router/navigation.js';

const Browser = suite('browserLocation (happy-dom)');
Browser.before.each(() => resetDom('/menu?q=x#top'));

Browser('current() reads pathname, query and hash from the address bar', () => {
  const source = browserLocation();
  assert.is(source.current().path, '/menu?q=x#top');
  assert.ok(source.current().key, 'the loaded entry is given a key');
});

Browser('push and replace change the address without a document load', () => {
  const before = history.length;
  const navigation = createNavigation(browserLocation());
  navigation.navigate('/menu/3', { state: { from: '/x' } });
  assert.is(location.href, `${ORIGIN}/menu/3`);
  assert.is(history.length, before + 1);
  assert.equal(navigation.current().state, { from: '/x' });
  navigation.navigate('/login', { replace: true });
  assert.is(location.pathname, '/login');
  assert.is(history.length, before + 1);
});

Browser('a popstate event is reported as pop', () => {
  const navigation = createNavigation(browserLocation());
  const seen: string[] = [];
  navigation.subscribe((entry, action) => seen.push(`${action} ${entry.path}`));
  const stop = navigation.start();
  history.pushState(null, '', '/menu/9');
  window.dispatchEvent(new PopStateEvent('popstate'));
  stop();
  assert.equal(seen, ['load /menu?q=x#top', 'pop /menu/9']);
});

Browser('the state of the loaded entry survives giving it a key', () => {
  history.replaceState({ key: '', state: { from: '/kitchen' } }, '', '/login');
  assert.equal(browserLocation().current().state, { from: '/kitchen' });
});

Browser('an entry the browser made for a #fragment gets the key of the page it came from, and no render', () => {
  const source = browserLocation();
  const navigation = createNavigation(source);
  const seen: string[] = [];
  navigation.subscribe((entry, action) => seen.push(`${action} ${entry.path}`));
  const stop = navigation.start();
  const key = source.current().key;
  history.pushState(null, '', '/menu?q=x#dishes'); // the browser's own entry: no state
  window.dispatchEvent(new PopStateEvent('popstate'));
  stop();
  assert.equal(seen, ['load /menu?q=x#top']);
  assert.is(source.current().key, key);
  assert.equal(history.state, { key, state: undefined });
});

Browser.run();
