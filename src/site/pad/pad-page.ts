// `/tables/N/order`, the waiter's pad: a table's order for everyone, by course, in one send.
// How many guests (one tap: the cover charge counts them), then dishes by a tap on a category
// and a dish, or two or three letters of a name; choices inline; a seat, a course or a note per
// line. "Send" sends the drinks and the first course to the kitchen and holds the rest, and
// the table's held courses are fired from here ("Fire the mains") as from the Tables page or
// the pass. The table, the waiter and the course are never typed: the address, the sign-in
// and the menu say them.
import { h, nodes } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { t, tn } from '../../core/words.js';
import type { PageContext } from '../../router/app.js';
import { heldCourses } from '../../shared/courses.js';
import type { Dish } from '../../shared/menu-records.js';
import type { TableNow } from '../../shared/bills.js';
import type { Category, DishWithChoices } from '../common/api.js';
import { courseWords } from '../common/course-words.js';
import { failureText } from '../common/failure-text.js';
import { formatPrice } from '../common/price.js';
import type { PadApi } from './api.js';
import { createPadLines, missingChoices, sendBody } from './pad-lines.js';
import { padMenu } from './pad-menu.js';
import { adoptPadStyles } from './pad-styles.js';
import { focusInList, orderList } from './pad-order-list.js';

export interface PadDeps {
  pad: PadApi;
  menu: {
    categories(signal?: AbortSignal): Promise<Category[]>;
    dishes(filter: { category?: string }, options?: { after?: number; signal?: AbortSignal }): Promise<{ dishes: Dish[]; next: number | null }>;
    dish(id: number, signal?: AbortSignal): Promise<DishWithChoices>;
  };
  /** What is at each table now (its party, its bill and the courses held there). */
  floor(signal?: AbortSignal): Promise<{ tables: TableNow[] }>;
}

/** Guests a tap away; more are typed. */
const GUEST_BUTTONS = 8;

async function wholeMenu(menu: PadDeps['menu'], signal: AbortSignal): Promise<Dish[]> {
  const dishes: Dish[] = [];
  for (let after: number | undefined, more = true; more; ) {
    const page = await menu.dishes({}, { after, signal });
    dishes.push(...page.dishes);
    more = page.next !== null;
    after = page.next ?? undefined;
  }
  return dishes;
}

export const padPage = (deps: PadDeps) => (ctx: PageContext<unknown>) => {
  adoptPadStyles();
  const table = Number(ctx.params.table);
  const { signal } = ctx;
  const region = h('div', { class: 'pad' });
  const load = async () => {
    const [courses, categories, dishes, floor] = await Promise.all([deps.pad.courses(signal), deps.menu.categories(signal), wholeMenu(deps.menu, signal), deps.floor(signal)]);
    return { courses, categories, dishes, now: floor.tables.find((one) => one.number === table) };
  };
  loadInto(region, load, (data) => pad(data), { signal, waiting: t('Loading the menu…') });

  function pad({ courses, categories, dishes, now }: Awaited<ReturnType<typeof load>>): Node {
    const lines = createPadLines();
    let guests: number | null = now?.bill?.covers ?? (now?.stay?.partyKnown ? now.stay.party : null);
    let held: number[] = now?.bill?.held ?? [];
    let key = crypto.randomUUID();
    let sending = false;
    const outcome = h('p', { class: 'outcome pad-outcome', role: 'status' });
    const listArea = h('div', { class: 'pad-order', 'aria-labelledby': 'pad-order-title' });
    const send = h('button', { type: 'button', class: 'button large pad-send', onclick: () => void sendAll() }, t('Send'));
    const total = h('p', { class: 'pad-total' });
    const heldArea = h('div', { class: 'pad-held' });
    const guestButtons = h('div', { class: 'pad-guests', role: 'group', 'aria-labelledby': 'pad-guests-title' });
    const moreGuests = h('input', { id: 'pad-more-guests', type: 'number', min: GUEST_BUTTONS + 1, max: 50, inputmode: 'numeric', value: guests !== null && guests > GUEST_BUTTONS ? guests : '' });

    const setGuests = (count: number | null) => {
      guests = count;
      for (const button of guestButtons.querySelectorAll('button')) button.setAttribute('aria-pressed', String(Number(button.dataset.guests) === guests));
    };
    moreGuests.addEventListener('input', () => setGuests(moreGuests.value ? Number(moreGuests.value) : null));
    guestButtons.replaceChildren(
      ...Array.from({ length: GUEST_BUTTONS }, (_, i) => h('button', { type: 'button', class: 'pad-guest', 'data-guests': i + 1, 'aria-pressed': String(guests === i + 1), onclick: () => setGuests(i + 1) }, String(i + 1))),
      h('label', { class: 'pad-more-guests', for: 'pad-more-guests' }, t('More')),
      moreGuests,
    );

    function draw() {
      const back = focusInList(listArea);
      listArea.replaceChildren(h('h2', { id: 'pad-order-title' }, t('The order')), orderList({ lines, guests: () => guests, changed: draw }));
      back();
      const all = lines.all();
      const missing = all.some((line) => missingChoices(line).length > 0);
      send.disabled = sending || !all.length || missing;
      const price = formatPrice(all.reduce((sum, line) => sum + line.quantity * line.priceCents, 0));
      total.textContent = all.length ? tn('1 dish · {price}', '{count} dishes · {price}', all.reduce((sum, line) => sum + line.quantity, 0), { price }) : '';
    }

    function drawHeld() {
      heldArea.replaceChildren(
        ...nodes([
          held.length > 0 && [
            h('h2', null, t('Held at table {table}', { table })),
            h('div', { class: 'row' }, held.map((course) => h('button', { type: 'button', class: 'button', onclick: () => void fire(course) }, t('Fire: {course}', { course: courseWords(course) })))),
          ],
        ]),
      );
    }

    async function pick(dish: Dish) {
      const course = courses.get(dish.category) ?? 1;
      if (dish.choosing === 'none') {
        lines.add(dish, course);
        return draw();
      }
      // Choices are read once per dish; the line waits for them (Send is off until each group has its minimum).
      const line = lines.add(dish, course, { own: true });
      line.groups = [];
      draw();
      try {
        line.groups = (await deps.menu.dish(dish.id, signal)).choices;
      } catch (error) {
        outcome.textContent = failureText(error);
        line.groups = null;
      }
      if (!signal.aborted) draw();
    }

    async function sendAll() {
      sending = true;
      draw();
      outcome.textContent = t('Sending…');
      const sent = lines.all();
      const sentCourses = [...new Set(sent.map((line) => line.course))];
      const waiting = heldCourses(sentCourses);
      try {
        await deps.pad.send(table, sendBody(sent, guests), key);
        key = crypto.randomUUID();
        lines.clear();
        const now = sentCourses.filter((course) => !waiting.has(course)).sort((a, b) => a - b).map(courseWords).join(', ');
        const later = [...waiting].sort((a, b) => a - b).map(courseWords).join(', ');
        outcome.textContent = later ? t('Sent: {now} to the kitchen; {later} held until you fire them.', { now, later }) : t('Sent: {now} to the kitchen.', { now });
        held = [...new Set([...held, ...waiting])].sort((a, b) => a - b);
        drawHeld();
      } catch (error) {
        // The lines stay, and so does the key: sending again cannot place the order twice.
        outcome.textContent = failureText(error);
      } finally {
        sending = false;
        if (!signal.aborted) draw();
      }
    }

    async function fire(course: number) {
      try {
        await deps.pad.fire(table, course);
        outcome.textContent = t('{course} fired: the kitchen has them.', { course: courseWords(course) });
        held = held.filter((one) => one !== course);
      } catch (error) {
        outcome.textContent = failureText(error);
        // Fired elsewhere meanwhile: what is held now.
        const floor = await deps.floor(signal).catch(() => undefined);
        if (floor) held = floor.tables.find((one) => one.number === table)?.bill?.held ?? [];
      }
      if (!signal.aborted) drawHeld();
    }

    draw();
    drawHeld();
    return h(
      'div',
      null,
      heldArea,
      h('section', { class: 'pad-guests-area' }, h('h2', { id: 'pad-guests-title' }, t('Guests')), guestButtons),
      padMenu({ categories, dishes, pick: (dish) => void pick(dish) }),
      listArea,
      h('div', { class: 'pad-send-bar' }, total, send, outcome),
    );
  }

  return h(
    'div',
    { class: 'pad-page' },
    h('h1', null, t('Table {table} · the order', { table })),
    h('p', { class: 'pad-links' }, h('a', { href: `/tables/${table}` }, t('Table {table}’s bill', { table })), ' · ', h('a', { href: '/tables' }, t('Tables'))),
    region,
  );
};
