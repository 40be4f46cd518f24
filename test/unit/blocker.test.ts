// The navigation blocker over an in-memory history: links, navigate(), Back and Forward
// ask "Leave without saving?" while a page has unsaved changes. The question is answered
// later (the site's is a dialog): meanwhile the navigation is held, and staying keeps both
// the address and the page (no render); leaving goes on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createBlocker } from '../../src/router/blocker.js';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation, type Action } from '../../src/router/navigation.js';

function setup() {
  const memory = memoryLocation('/admin');
  const navigation = createNavigation(memory);
  const asked: string[] = [];
  let answer: (leave: boolean) => void = () => {};
  const blocker = createBlocker(navigation, {
    go: memory.go,
    ask: (message) => {
      asked.push(message);
      return new Promise((resolve) => {
        answer = resolve;
      });
    },
  });
  const renders: [string, Action][] = [];
  navigation.subscribe((entry, action) => renders.push([entry.path, action]));
  navigation.start();
  /** The person answers the open question; the blocker's answer runs a microtask later. */
  const reply = async (leave: boolean) => {
    answer(leave);
    await Promise.resolve();
  };
  return { memory, navigation, blocker, asked, renders, reply, here: () => memory.current().path };
}

const Block = suite('navigation blocker');

Block('with nothing unsaved, nothing is asked', () => {
  const { navigation, asked, here } = setup();
  navigation.navigate('/admin/hours');
  assert.equal([here(), asked], ['/admin/hours', []]);
});

Block('a link or navigate() while dirty is held and asks; "stay" keeps the address, the entries and the page', async () => {
  const { navigation, blocker, asked, renders, memory, reply, here } = setup();
  navigation.navigate('/admin/dishes/12');
  blocker.block(() => true);
  navigation.navigate('/admin/hours');
  assert.equal(asked, ['Leave without saving?']);
  assert.equal([here(), memory.entries.length, renders.at(-1)], ['/admin/dishes/12', 2, ['/admin/dishes/12', 'push']], 'held while the question is open');
  await reply(false);
  assert.equal([here(), memory.entries.length, renders.at(-1)], ['/admin/dishes/12', 2, ['/admin/dishes/12', 'push']]);
});

Block('"leave" goes on to the address, as a push (a held navigation keeps neither replace nor state)', async () => {
  const { navigation, blocker, asked, renders, memory, reply, here } = setup();
  navigation.navigate('/admin/dishes/12');
  blocker.block(() => true);
  navigation.navigate('/admin/hours', { replace: true, state: { kept: false } });
  await reply(true);
  assert.equal([here(), memory.entries.length, renders.at(-1), memory.current().state], ['/admin/hours', 3, ['/admin/hours', 'push'], undefined]);
  assert.is(asked.length, 1);
});

Block('Back while dirty goes forward again at once without a render and asks; "leave" goes back and renders the entry before', async () => {
  const { navigation, blocker, asked, renders, memory, reply, here } = setup();
  navigation.navigate('/admin/dishes/12');
  blocker.block(() => true);
  const rendered = renders.length;
  memory.go(-1);
  assert.equal([here(), memory.index, asked.length, renders.length], ['/admin/dishes/12', 1, 1, rendered]);
  await reply(true);
  assert.equal([here(), memory.index, renders.at(-1)], ['/admin', 0, ['/admin', 'pop']]);
});

Block('Back while dirty, "stay": the page and its entry stay, and the next Back asks again', async () => {
  const { navigation, blocker, asked, memory, reply, here } = setup();
  navigation.navigate('/admin/dishes/12');
  blocker.block(() => true);
  memory.go(-1);
  await reply(false);
  assert.equal([here(), memory.index], ['/admin/dishes/12', 1]);
  memory.go(-1);
  assert.equal([here(), asked.length], ['/admin/dishes/12', 2]);
});

Block('Forward while dirty asks too, and goes back meanwhile', () => {
  const { navigation, blocker, memory, here } = setup();
  navigation.navigate('/admin/hours');
  memory.go(-1);
  blocker.block(() => true);
  memory.go(1);
  assert.equal([here(), memory.index], ['/admin', 0]);
});

Block('while the question is open, another try is held without a second question', () => {
  const { navigation, blocker, asked, here } = setup();
  blocker.block(() => true);
  navigation.navigate('/menu');
  navigation.navigate('/book');
  assert.equal([here(), asked.length], ['/admin', 1]);
});

Block('once the check says clean (saved), leaving asks nothing', async () => {
  let dirty = true;
  const { navigation, blocker, asked, reply, here } = setup();
  blocker.block(() => dirty);
  navigation.navigate('/menu');
  await reply(false);
  dirty = false;
  navigation.navigate('/menu');
  assert.equal([here(), asked.length], ['/menu', 1]);
});

Block.run();
