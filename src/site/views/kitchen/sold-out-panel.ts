// The kitchen board's "Sold out" panel (Kitchen staff, a station's screen): type part of a
// dish's name, press Enter, and the first dish found is sold out (or back on). Two
// keystrokes at a busy pass.
// With nothing typed it lists what is sold out now. The API decides and keeps the version:
// a 409 brings the dish as it is now, which the panel shows with the message.
import { h } from '../../../core/dom.js';
import { RequestError } from '../../../core/http.js';
import { messageOf } from '../../../core/load.js';
import type { Dish } from '../../api.js';
import type { KitchenApi } from '../../kitchen-api.js';
import { t } from '../../../core/words.js';

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

export function soldOutPanel(api: KitchenApi, signal: AbortSignal, onExpired: (error: unknown) => boolean): HTMLElement {
  const dishes = new Map<number, Dish>();
  const busy = new Set<number>();
  const search = h('input', { type: 'search', id: 'sold-out-search', autocomplete: 'off', 'aria-describedby': 'sold-out-hint', disabled: true });
  const list = h('ul', { class: 'sold-out-list' });
  const status = h('p', { class: 'hint', role: 'status' }, t('Loading the dishes…'));

  const matches = () => {
    const wanted = plain(search.value.trim());
    const all = [...dishes.values()];
    return (wanted ? all.filter((dish) => plain(dish.name).includes(wanted)) : all.filter((dish) => !dish.available)).slice(0, SHOWN);
  };

  function draw() {
    const focused = (document.activeElement as HTMLElement | null)?.dataset.dish;
    const found = matches();
    list.replaceChildren(
      ...found.map((dish) =>
        h(
          'li',
          null,
          h('span', null, dish.name),
          h('button', { type: 'button', class: 'button secondary', 'aria-pressed': String(!dish.available), 'aria-label': t('Sold out: {name}', { name: dish.name }), 'data-dish': String(dish.id), 'aria-disabled': busy.has(dish.id) ? 'true' : null, onclick: () => toggle(dish) }, t('Sold out')),
        ),
      ),
    );
    if (!found.length) list.append(h('li', { class: 'hint' }, search.value.trim() ? t('No dish has that in its name.') : t('Nothing is sold out.')));
    if (focused) list.querySelector<HTMLElement>(`[data-dish="${focused}"]`)?.focus();
  }

  function toggle(dish: Dish) {
    if (busy.has(dish.id)) return;
    busy.add(dish.id);
    draw();
    api.setAvailable(dish, !dish.available).then(
      (now) => {
        dishes.set(now.id, now);
        status.textContent = now.available ? t('{name} is back on the menu.', { name: now.name }) : t('{name} is sold out.', { name: now.name });
      },
      (error: unknown) => {
        if (signal.aborted || onExpired(error)) return;
        const now = error instanceof RequestError ? (error.body?.dish as Dish | undefined) : undefined;
        if (now) dishes.set(now.id, now); // changed meanwhile: show it as it is, and say so
        status.textContent = now ? `${messageOf(error)} ${now.available ? t('{name} is on the menu.', { name: now.name }) : t('{name} is sold out.', { name: now.name })}` : messageOf(error);
      },
    ).finally(() => {
      busy.delete(dish.id);
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

  everyDish(api, signal).then(
    (all) => {
      for (const dish of all) dishes.set(dish.id, dish);
      search.disabled = false;
      status.textContent = '';
      draw();
    },
    (error: unknown) => {
      if (!signal.aborted && !onExpired(error)) status.textContent = t('The dishes could not be loaded: {messageOf}', { messageOf: messageOf(error) });
    },
  );

  return h(
    'section',
    { class: 'sold-out-panel', 'aria-labelledby': 'sold-out-title' },
    h('h2', { id: 'sold-out-title' }, t('Sold out')),
    h('label', { for: 'sold-out-search' }, t('Find a dish')),
    search,
    h('p', { class: 'hint', id: 'sold-out-hint' }, t('Type part of its name, then Enter switches the first dish found.')),
    list,
    status,
  );
}
