// The activity list's words: every action the API records has its words in the catalog (so
// the Italian page says each in Italian); English reads as it always did; a subject keeps its
// names and numbers, its kind and titles said by the API in the language asked, from the parts
// stored (and parsed into parts by migration 024 for the entries recorded before).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_WORDS, actionWords } from '../../src/site/admin/activity-words.js';
import { englishSubject, storedSubject, subjectWords, type Subject } from '../../src/server/activity/subject-words.js';
import { partsOf } from '../../src/server/db/migrations/024-activity-parts.js';
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

const SUBJECTS: Subject[] = [
  { kind: 'Dish', id: 26, names: ['Espresso'] },
  { kind: 'Booking', id: 4, name: null, date: '2026-11-27', time: '19:30' },
  { kind: 'Booking', id: 5, name: 'May', date: '2026-06-01', time: '12:00' },
  { kind: 'Order', id: 12, names: ['Pizza oven'] },
  { kind: 'Message', id: 3, names: ['booking-made', 'ada@example.com'] },
  { title: 'hours' },
  { title: 'restaurant' },
  { names: ['Ada Conti', 'Laptop'] },
  { kind: 'Bill', id: 2, table: 3 },
  { kind: 'Bill', id: 9, table: null },
];

Activity('English reads as before: the action in words, the subject as it was always written', () => {
  assert.equal(
    ['dish.allergens_changed', 'dish.sold_out', 'category.moved_up', 'booking.no_show_undone', 'something.new_here'].map(actionWords),
    ['allergens changed', 'sold out', 'moved up', 'no show undone', 'new here'],
  );
  assert.equal(SUBJECTS.map(englishSubject), ['Dish 26 · Espresso', 'Booking 4 · guest · Friday 27 November 19:30', 'Booking 5 · May · Monday 1 June 12:00', 'Order 12 · Pizza oven', 'Message 3 · booking-made · ada@example.com', 'Opening hours', "The restaurant's details", 'Ada Conti · Laptop', 'Bill 2 · Table 3', 'Bill 9 · pickup']);
});

Activity('the API says a subject’s parts in Italian for an Italian request: its kind, titles, a guest and a booking’s day; names and numbers as they are (a guest called May stays May)', () => {
  assert.equal(inLanguage('it', () => SUBJECTS.map(subjectWords)), [
    'Piatto 26 · Espresso',
    'Prenotazione 4 · ospite · venerdì 27 novembre 19:30',
    'Prenotazione 5 · May · lunedì 1 giugno 12:00',
    'Ordine 12 · Pizza oven',
    'E-mail 3 · booking-made · ada@example.com',
    'Orari di apertura',
    'I dati del ristorante',
    'Ada Conti · Laptop',
    'Conto 2 · Tavolo 3',
    'Conto 9 · asporto',
  ]);
});

Activity('parts broken by hand read as the English sentence kept beside them, never as a failed page', () => {
  for (const subject of SUBJECTS) assert.equal(storedSubject(JSON.stringify(subject)), subject);
  const broken = ['{', 'null', '"Dish 3"', '{}', '{"title":"nope"}', '{"kind":"Pizza","id":3,"names":[]}', '{"kind":"Dish","id":"3","names":[]}', '{"kind":"Dish","id":3,"names":"x"}', '{"kind":"Booking","id":4,"name":null,"date":"Friday","time":"19:30"}', '{"names":[1]}', '{"kind":"Bill","id":2,"table":"3"}', '{"kind":"Bill","id":"2","table":3}'];
  assert.equal(broken.map(storedSubject), broken.map(() => undefined));
  assert.is(storedSubject(null), undefined);
});

Activity('migration 024 parses the subjects recorded before the parts into the same parts; one it does not know stays as recorded', () => {
  const at = '2026-11-20T10:00:00.000Z';
  // (Bills came after migration 024: no entry of theirs was recorded before the parts.)
  const before = SUBJECTS.filter((subject) => !('table' in subject));
  assert.equal(before.map((subject) => partsOf(englishSubject(subject), at)), before.map((subject) => ('names' in subject && subject.kind && subject.names.length > 1 ? { ...subject, names: [subject.names.join(' · ')] } : subject)));
  // A booking's day had no year: the nearest year whose date falls on that weekday (January 2027, changed in November 2026).
  assert.equal(partsOf('Booking 9 · Neri · Friday 15 January 20:00', at), { kind: 'Booking', id: 9, name: 'Neri', date: '2027-01-15', time: '20:00' });
  assert.equal(partsOf('Booking 9 · Neri · Monday 15 January 20:00', at), null, 'no nearby year has it on a Monday');
  assert.equal([partsOf('Order 3', at), partsOf('Something else entirely', at), partsOf('Pizza 3 · Margherita', at)], [{ kind: 'Order', id: 3, names: [] }, null, null]);
});

Activity.run();
