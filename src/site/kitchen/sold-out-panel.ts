// The kitchen board's "Sold out" panel (Kitchen staff, a station's screen): type part of a
// dish's name, or of an option's ("bufala"), press Enter, and the first found is sold out (or
// back on). Two keystrokes at a busy pass.
// With nothing typed it lists what is sold out now. The API decides and keeps the version:
// a 409 brings the dish as it is now, which the panel shows with the message.
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureText } from '../common/failure-text.js';
import type { Dish } from '../common/api.js';
import type { KitchenOption } from '../../shared/choices.js';
import type { KitchenApi } from './api.js';
import { t } from '../../core/words.js';

/** How many matches the panel lists at once: the first is what Enter switches. */
const SHOWN = 8;

/** Lower case without accents, so "suppli" finds "Supplì". */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function everyDish(api: KitchenApi, signal: AbortSignal): Promise<Dish[]> {
  const dishes: Dish[] = [];
  let after: number | null | undefined;
  do {
    const page = await api.dishes(after ?? undefined, signal);
    dishes.push(...page.dishes);
    after = page.next;
  } while (after !== null);
  return dishes;
}

/** What the panel lists: a dish, or one option of a group of choices ("Buffalo mozzarella · Extras"). */
interface Entry {
  key: string;
  /** As listed and found: a dish's name, or an option's with its group's. */
  name: string;
  available: boolean;
  /** Sends the change; answers the entry as it is now. */
  set(available: boolean): Promise<Entry>;
  /** The entry as a 409 brought it, if it did. */
  current(error: unknown): Entry | undefined;
  /** An option's: its group, whose version every option of it shares. */
  option?: KitchenOption;
}

function dishEntry(api: KitchenApi, dish: Dish): Entry {
  return {
    key: `dish-${dish.id}`,
    name: dish.name,
    available: dish.available,
    set: (available) => api.setAvailable(dish, available).then((now) => dishEntry(api, now)),
    current: (error) => {
      const now = error instanceof RequestError ? (error.body?.dish as Dish | undefined) : undefined;
      return now && dishEntry(api, now);
    },
  };
}

function optionEntry(api: KitchenApi, option: KitchenOption): Entry {
  return {
    key: `option-${option.id}`,
    option,
    name: `${option.name} · ${option.group.name}`,
    available: option.available,
    set: (available) => api.setOptionAvailable(option, available).then((now) => optionEntry(api, now)),
    current: (error) => {
      const now = error instanceof RequestError ? (error.body?.option as KitchenOption | undefined) : undefined;
      return now && optionEntry(api, now);
    },
  };
}

export function soldOutPanel(api: KitchenApi, signal: AbortSignal, onExpired: (error: unknown) => boolean): HTMLElement {
  // Dishes, then every option of the groups of choices (the bufala finished, the pizza not).
  const entries = new Map<string, Entry>();
  const busy = new Set<string>();
  const search = h('input', { type: 'search', id: 'sold-out-search', autocomplete: 'off', 'aria-describedby': 'sold-out-hint', disabled: true });
  const list = h('ul', { class: 'sold-out-list' });
  const status = h('p', { class: 'hint', role: 'status' }, t('Loading the dishes…'));

  const matches = () => {
    const wanted = plain(search.value.trim());
    const all = [...entries.values()];
    return (wanted ? all.filter((entry) => plain(entry.name).includes(wanted)) : all.filter((entry) => !entry.available)).slice(0, SHOWN);
  };

  function draw() {
    const focused = (document.activeElement as HTMLElement | null)?.dataset.entry;
    const found = matches();
    list.replaceChildren(
      ...found.map((entry) =>
        h(
          'li',
          null,
          h('span', null, entry.name),
          h('button', { type: 'button', class: 'button secondary', 'aria-pressed': String(!entry.available), 'aria-label': t('Sold out: {name}', { name: entry.name }), 'data-entry': entry.key, 'aria-disabled': busy.has(entry.key) ? 'true' : null, onclick: () => toggle(entry) }, t('Sold out')),
        ),
      ),
    );
    if (!found.length) list.append(h('li', { class: 'hint' }, search.value.trim() ? t('No dish or option has that in its name.') : t('Nothing is sold out.')));
    if (focused) list.querySelector<HTMLElement>(`[data-entry="${focused}"]`)?.focus();
  }

  function toggle(entry: Entry) {
    if (busy.has(entry.key)) return;
    busy.add(entry.key);
    draw();
    entry.set(!entry.available).then(
      (now) => {
        entries.set(now.key, now);
        // An option's change moves its group's version on: its other options follow (or the next would be a 409).
        const group = now.option?.group.id;
        for (const [key, other] of entries) if (other.option && other !== now && other.option.group.id === group) entries.set(key, optionEntry(api, { ...other.option, version: now.option!.version }));
        status.textContent = now.available ? t('{name} is back on the menu.', { name: now.name }) : t('{name} is sold out.', { name: now.name });
      },
      (error: unknown) => {
        if (signal.aborted || onExpired(error)) return;
        const now = entry.current(error);
        if (now) entries.set(now.key, now); // changed meanwhile: show it as it is, and say so
        status.textContent = now ? `${failureText(error)} ${now.available ? t('{name} is on the menu.', { name: now.name }) : t('{name} is sold out.', { name: now.name })}` : failureText(error);
      },
    ).finally(() => {
      busy.delete(entry.key);
      if (!signal.aborted) draw();
    });
  }

  search.addEventListener('input', draw);
  search.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const first = matches()[0];
    if (first && search.value.trim()) toggle(first);
  });

  Promise.all([everyDish(api, signal), api.options(signal)]).then(
    ([dishes, options]) => {
      for (const dish of dishes) entries.set(`dish-${dish.id}`, dishEntry(api, dish));
      for (const option of options) entries.set(`option-${option.id}`, optionEntry(api, option));
      search.disabled = false;
      status.textContent = '';
      draw();
    },
    (error: unknown) => {
      if (!signal.aborted && !onExpired(error)) status.textContent = t('The dishes could not be loaded: {messageOf}', { messageOf: failureText(error) });
    },
  );

  return h(
    'section',
    { class: 'sold-out-panel', 'aria-labelledby': 'sold-out-title' },
    h('h2', { id: 'sold-out-title' }, t('Sold out')),
    h('label', { for: 'sold-out-search' }, t('Find a dish or an option')),
    search,
    h('p', { class: 'hint', id: 'sold-out-hint' }, t('Type part of its name, then Enter switches the first one found.')),
    list,
    status,
  );
}
