import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation, type Action } from '../../src/router/navigation.js';

function setup(initial = '/') {
  const memory = memoryLocation(initial);
  const navigation = createNavigation(memory);
  const seen: [string, Action][] = [];
  navigation.subscribe((entry, action) => seen.push([entry.path, action]));
  return { memory, navigation, seen, paths: () => memory.entries.map((entry) => entry.path) };
}

const Navigate = suite('navigation');

Navigate('start reads the address once and reports it as a load', () => {
  const { navigation, seen } = setup('/menu?category=soup');
  navigation.start();
  assert.equal(seen, [['/menu?category=soup', 'load']]);
});

Navigate('navigate pushes a new history entry', () => {
  const { navigation, seen, paths, memory } = setup();
  navigation.navigate('/menu');
  assert.equal(paths(), ['/', '/menu']);
  assert.is(memory.index, 1);
  assert.equal(seen, [['/menu', 'push']]);
});

Navigate('navigate with replace swaps the current entry', () => {
  const { navigation, seen, paths } = setup();
  navigation.navigate('/menu');
  navigation.navigate('/menu?q=soup', { replace: true });
  assert.equal(paths(), ['/', '/menu?q=soup']);
  assert.equal(seen.at(-1), ['/menu?q=soup', 'replace']);
});

Navigate('navigating to the current address replaces instead of stacking a duplicate', () => {
  const { navigation, paths, seen } = setup('/menu');
  navigation.navigate('/menu');
  assert.equal(paths(), ['/menu']);
  assert.equal(seen, [['/menu', 'replace']]);
});

Navigate('state travels with the entry and not in the address', () => {
  const { navigation } = setup('/account');
  navigation.navigate('/login', { replace: true, state: { from: '/account' } });
  assert.equal(navigation.current().state, { from: '/account' });
  assert.is(navigation.current().path, '/login');
});

Navigate('Back and Forward are reported as pop with the entry moved to', () => {
  const { navigation, memory, seen } = setup();
  navigation.start();
  navigation.navigate('/menu');
  navigation.navigate('/menu/2');
  memory.go(-1);
  memory.go(1);
  assert.equal(seen.slice(-2), [['/menu', 'pop'], ['/menu/2', 'pop']]);
});

Navigate('a push after Back drops the forward entries', () => {
  const { navigation, memory, paths } = setup();
  navigation.navigate('/a');
  navigation.navigate('/b');
  memory.go(-1);
  navigation.navigate('/c');
  assert.equal(paths(), ['/', '/a', '/c']);
});

Navigate('Back at the first entry does nothing', () => {
  const { navigation, memory, seen } = setup();
  navigation.start();
  memory.go(-1);
  assert.equal(seen, [['/', 'load']]);
});

Navigate('unsubscribe and stop end the notifications', () => {
  const { navigation, memory } = setup();
  const seen: string[] = [];
  const unsubscribe = navigation.subscribe((entry) => seen.push(entry.path));
  const stop = navigation.start();
  navigation.navigate('/a');
  stop();
  memory.go(-1);
  unsubscribe();
  navigation.navigate('/b');
  assert.equal(seen, ['/', '/a']);
});

Navigate('every entry has its own key, and a replace gets a fresh one', () => {
  const { navigation, memory } = setup();
  navigation.navigate('/a');
  const pushed = memory.current().key;
  navigation.navigate('/b', { replace: true });
  assert.is.not(memory.entries[0]!.key, pushed);
  assert.is.not(memory.current().key, pushed);
});

Navigate('a pop that changes only the #fragment is the same page: nothing is heard, and the blocker is not asked', () => {
  const { navigation, memory, seen } = setup('/menu?category=soup');
  const asked: string[] = [];
  navigation.setBlocker((to) => {
    asked.push(to);
    return true;
  });
  navigation.start();
  memory.push('/menu?category=soup#dishes', null); // what the browser does for a #link
  memory.push('/menu?category=soup#top', null);
  memory.go(-1);
  memory.go(-1);
  memory.go(2);
  assert.equal(seen, [['/menu?category=soup', 'load']]);
  assert.equal(asked, []);
});

Navigate('a pop to another page after fragment-only pops is heard, and one back to the page shown is not', () => {
  const { navigation, memory, seen } = setup('/');
  navigation.start();
  navigation.navigate('/menu');
  memory.push('/menu#dishes', null);
  memory.go(-2); // to /
  memory.go(2); // to /menu#dishes: another page than / (the one shown), so heard
  memory.go(-1); // to /menu: only the fragment differs from the page shown
  assert.equal(seen, [['/', 'load'], ['/menu', 'push'], ['/', 'pop'], ['/menu#dishes', 'pop']]);
});

Navigate.run();
