// The navigation blocker over an in-memory history: links, navigate(), Back and Forward
// ask "Leave without saving?" while a page has unsaved changes, and staying keeps both
// the address and the page (no render).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlocker } from '../../src/router/blocker.js';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation, type Action } from '../../src/router/navigation.js';

function setup(answers: boolean[]) {
  const memory = memoryLocation('/admin');
  const navigation = createNavigation(memory);
  const asked: string[] = [];
  const blocker = createBlocker(navigation, { go: memory.go, confirm: (message) => {
      asked.push(message);
      return answers.shift() ?? false;
    },
  });
  const renders: [string, Action][] = [];
  navigation.subscribe((entry, action) => renders.push([entry.path, action]));
  navigation.start();
  return { memory, navigation, blocker, asked, renders, here: () => memory.current().path };
}

const Block = suite('navigation blocker');

Block('with nothing unsaved, nothing is asked', () => {
  const { navigation, asked, here } = setup([]);
  navigation.navigate('/admin/hours');
  assert.equal([here(), asked], ['/admin/hours', []]);
});

Block('a link or navigate() while dirty asks; "stay" keeps the address, the entries and the page', () => {
  const { navigation, blocker, asked, renders, memory, here } = setup([false, true]);
  navigation.navigate('/admin/dishes/12');
  blocker.block(() => true);
  navigation.navigate('/admin/hours');
  assert.equal(asked, ['Leave without saving?']);
  assert.equal([here(), memory.entries.length, renders.at(-1)], ['/admin/dishes/12', 2, ['/admin/dishes/12', 'push']]);
  navigation.navigate('/admin/hours', { replace: true });
  assert.equal([here(), memory.entries.length, renders.at(-1)], ['/admin/hours', 2, ['/admin/hours', 'replace']]);
});

Block('Back while dirty asks; "stay" goes forward again without a render; "leave" renders the entry before', () => {
  const { navigation, blocker, asked, renders, memory, here } = setup([false, true]);
  navigation.navigate('/admin/dishes/12');
  const unblock = blocker.block(() => true);
  const rendered = renders.length;
  memory.go(-1);
  assert.equal([here(), memory.index, asked.length, renders.length], ['/admin/dishes/12', 1, 1, rendered]);
  memory.go(-1);
  assert.equal([here(), asked.length, renders.at(-1)], ['/admin', 2, ['/admin', 'pop']]);
  unblock();
  memory.go(1);
  assert.equal([here(), asked.length], ['/admin/dishes/12', 2]);
});

Block('Forward while dirty asks too, and "stay" goes back', () => {
  const { navigation, blocker, memory, here } = setup([false]);
  navigation.navigate('/admin/hours');
  memory.go(-1);
  blocker.block(() => true);
  memory.go(1);
  assert.equal([here(), memory.index], ['/admin', 0]);
});

Block('once the check says clean (saved), leaving asks nothing', () => {
  let dirty = true;
  const { navigation, blocker, asked, here } = setup([false]);
  blocker.block(() => dirty);
  navigation.navigate('/menu');
  dirty = false;
  navigation.navigate('/menu');
  assert.equal([here(), asked.length], ['/menu', 1]);
});

Block.run();
