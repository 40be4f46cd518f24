// The activity list's words: every action the API records has its words in the catalog (so
// the Italian page says each in Italian); English reads as it always did; a subject keeps its
// names and numbers, its kind and titles said by the API in the language asked.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_WORDS, actionWords } from '../../src/site/views/admin/activity-words.js';
import { subjectWords } from '../../src/server/activity/subject-words.js';
import { inLanguage } from '../../src/server/http/language.js';

const Activity = suite('the activity list’s words');
const root = new URL('../../', import.meta.url).pathname;

Activity('every action a server file records is known to the page', () => {
  const recorded = new Set<string>();
  for (const file of readdirSync(join(root, 'src/server'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(root, 'src/server', file), 'utf8');
    if (!source.includes('recordActivity(')) continue;
    // Each `action: '…'`, and the quoted codes of the same kinds beside them (tables of moves, a choice of names).
    const kinds = new Set([...source.matchAll(/action: '([a-z_]+)\./g)].map(([, kind]) => kind!));
    for (const [, action, kind] of source.matchAll(/'(([a-z_]+)\.[a-z_]+)'/g)) if (kinds.has(kind!)) recorded.add(action!);
  }
  // Written as a template there: `category.moved_${direction}`.
  for (const direction of ['up', 'down']) recorded.add(`category.moved_${direction}`);
  assert.ok(recorded.size > 50, `found ${recorded.size}`);
  assert.equal([...recorded].filter((action) => !(action in ACTION_WORDS)).sort(), []);
});

Activity('English reads as before: the action in words, the subject as recorded', () => {
  assert.equal(
    ['dish.allergens_changed', 'dish.sold_out', 'category.moved_up', 'booking.no_show_undone', 'something.new_here'].map(actionWords),
    ['allergens changed', 'sold out', 'moved up', 'no show undone', 'new here'],
  );
  const subjects = ['Dish 26 · Espresso', 'Booking 4 · guest · Friday 27 November 19:30', 'Opening hours', "The restaurant's details", 'Ada Conti · Laptop'];
  assert.equal(inLanguage('en', () => subjects.map(subjectWords)), subjects);
});

Activity('the API says a subject in Italian for an Italian request: its kind, titles, a guest and a booking’s day and month; names and numbers as they are', () => {
  assert.equal(
    inLanguage('it', () => ['Dish 26 · Espresso', 'Booking 4 · guest · Friday 27 November 19:30', 'Booking 5 · Neri · Monday 1 June 12:00', 'Opening hours', 'Ada Conti · Laptop'].map(subjectWords)),
    ['Piatto 26 · Espresso', 'Prenotazione 4 · ospite · venerdì 27 novembre 19:30', 'Prenotazione 5 · Neri · lunedì 1 giugno 12:00', 'Orari di apertura', 'Ada Conti · Laptop'],
  );
});

Activity.run();
