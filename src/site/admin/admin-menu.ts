// `/admin/menu`: the menu as the owner runs it. Categories in menu order, each movable one
// place up or down, renamed in place (English and Italian), with its dishes as rows: picture,
// name (to its edit page), price, allergens, what is missing, and a Sold out switch that
// saves at once on the dish's version. A search box narrows the rows to the dishes whose name
// has the words typed. Each answer is said beside the control that asked (a live region per
// row and per form); a change someone else made first is a 409 whose words say so, and the
// row shows the dish as it is now.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { RequestError } from '../../core/http.js';
import type { AdminApi, AdminCategory, AdminDish } from './api.js';
import { formatPrice } from '../common/price.js';
import { allergenWord } from '../common/allergen-words.js';
import { adminNav, failureText } from './admin-nav.js';
import { shownName } from '../common/shown-name.js';
import { t, tn } from '../../core/words.js';

/** How many rows the editor's first draw makes at once, from the top: as many as the window could show (a row is at least 4.5rem, 72 px, tall: its picture and padding), the headings above them aside. */
const firstRows = () => Math.ceil(innerHeight / 72);

/** The editor's first draw: rows given out top first while a screen has room, the rest built together after that frame. */
interface FirstScreen {
  left: number;
  later(build: () => void): void;
}

function firstScreen(done: () => void): FirstScreen {
  const builds: (() => void)[] = [];
  return {
    left: firstRows(),
    later(build) {
      // In the frame after the first one is shown: work queued behind that frame's paint
      // would delay whatever else waits for it (the tests' own look at the screen, say).
      if (!builds.length)
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            for (const each of builds.splice(0)) each();
            done();
          }),
        );
      builds.push(build);
    },
  };
}

/** Lower case without accents: "Suppli" finds "Supplì". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Where a dish's row stands among its category's, and how it moves one place (the keyboard's drag). */
interface RowPlace {
  index: number;
  count: number;
  move(dish: AdminDish, direction: 'up' | 'down'): void;
}

/** The dishes on screen as last heard, by id: a move is sent on the version a dish has now. */
type Known = Map<number, AdminDish>;

/** A category's rows, and how a move of one of its dishes is answered (see `dishList`). */
interface DrawDishes {
  node: Element;
  after(move: Promise<AdminDish>, dish: AdminDish, words: (now: AdminDish) => string, focus?: 'up' | 'down'): void;
}

/** Resolves once the frame of what was just changed has been painted (a task queued in that frame's animation callbacks runs after its paint). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** A dish's row: dragged by its handle to another place or onto another category, or moved by its Up and Down buttons. */
function dishRow(admin: AdminApi, first: AdminDish, known: Known, place: RowPlace): HTMLElement {
  let dish = first;
  known.set(dish.id, dish);
  const outcome = h('span', { class: 'row-outcome', role: 'status' });
  const soldOut = h('button', { type: 'button', role: 'switch', class: 'switch', 'aria-label': t('{name} sold out', { name: dish.name }) }, h('span', { class: 'switch-track', 'aria-hidden': 'true' }), t('Sold out'));
  const row = h('li', { class: 'dish-row', 'data-name': folded(`${dish.name} ${dish.nameIt ?? ''}`), 'data-dish': dish.id, 'data-index': place.index });
  const showSwitch = () => {
    soldOut.setAttribute('aria-checked', String(!dish.available));
    soldOut.disabled = dish.archived;
  };
  // The switch moves at once and is put back, with the API's words, if the answer refuses it.
  // One change at a time: the next is sent on the version this one's answer brings. The frame
  // that shows the switch moved does nothing else: the request starts after it is painted, and
  // "Saving…" is said only if the answer is slow (a line of text lays the page out again).
  let saving = false;
  soldOut.addEventListener('click', () => {
    if (saving) return;
    saving = true;
    const wanted = !dish.available;
    soldOut.setAttribute('aria-checked', String(!wanted));
    const slow = setTimeout(() => (outcome.textContent = t('Saving…')), 300);
    afterPaint()
      .then(() => admin.updateDish(dish.id, dish.version, { available: wanted }))
      .then(
        (saved) => {
          dish = saved;
          known.set(dish.id, dish);
          outcome.textContent = saved.available ? t('Back on the menu.') : t('Marked sold out.');
        },
        (error: unknown) => {
          // Someone changed the dish first: say so, and show it as it is now.
          const current = error instanceof RequestError ? (error.body?.dish as AdminDish | undefined) : undefined;
          if (current) {
            dish = current;
            known.set(dish.id, dish);
          }
          outcome.textContent = failureText(error);
        },
      )
      .finally(() => {
        clearTimeout(slow);
        saving = false;
        showSwitch();
      });
  });
  showSwitch();
  const moveButton = (direction: 'up' | 'down') =>
    h(
      'button',
      {
        type: 'button',
        class: 'button secondary small',
        'data-direction': direction,
        disabled: direction === 'up' ? place.index === 0 : place.index === place.count - 1,
        'aria-label': direction === 'up' ? t('Move {name} up', { name: dish.name }) : t('Move {name} down', { name: dish.name }),
        onclick: () => place.move(known.get(dish.id) ?? dish, direction),
      },
      direction === 'up' ? '↑' : '↓',
    );
  const missingItalian = !dish.nameIt || (dish.description && !dish.descriptionIt);
  row.append(
    h('span', { class: 'drag-handle', draggable: 'true', 'aria-hidden': 'true', title: t('Drag to another place or category') }, '⠿'),
    h('img', { src: dish.image, alt: '', width: 64, height: 48, loading: 'lazy', decoding: 'async', class: 'dish-thumb' }),
    h(
      'div',
      { class: 'dish-row-main' },
      h('a', { href: `/admin/dishes/${dish.id}` }, dish.name),
      h(
        'span',
        { class: 'dish-row-facts' },
        h('span', { class: 'price' }, formatPrice(dish.priceCents)),
        ' · ',
        dish.allergens === null ? h('span', { class: 'missing' }, t('allergens not filled in')) : dish.allergens.length ? dish.allergens.map(allergenWord).join(', ') : t('no allergens'),
        dish.archived ? h('span', { class: 'badge' }, t('Archived')) : null,
        missingItalian ? h('span', { class: 'badge' }, t('Not in Italian yet')) : null,
        dish.italianToReview ? h('span', { class: 'badge' }, t('Italian to review')) : null,
      ),
    ),
    h('div', { class: 'dish-row-switch' }, h('div', { class: 'row' }, moveButton('up'), moveButton('down'), soldOut), outcome),
  );
  return row;
}

export const adminMenuPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const list = h('div', { class: 'admin-categories' });
  const status = h('p', { class: 'visually-hidden', role: 'status' });
  const search = h('input', { type: 'search', id: 'menu-editor-search', autocomplete: 'off' });
  const found = h('p', { class: 'hint', role: 'status' });

  // The rows whose dish has every word typed; a category with none left is hidden.
  function narrow() {
    const words = folded(search.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const section of list.querySelectorAll<HTMLElement>('.admin-category')) {
      let here = 0;
      for (const row of section.querySelectorAll<HTMLElement>('.dish-row')) {
        row.hidden = !words.every((word) => row.dataset.name!.includes(word));
        if (!row.hidden) here++;
      }
      section.hidden = words.length > 0 && here === 0;
      shown += here;
    }
    found.textContent = words.length ? tn('1 dish found', '{count} dishes found', shown) : '';
  }
  search.addEventListener('input', narrow);

  // Drag and drop, with the mouse or a finger: a category by its handle to another place (the
  // Up and Down buttons do the same from the keyboard), a dish by its handle to another place
  // in its category (its Up and Down buttons) or onto another category. Each move is sent on
  // the version on screen; a stale one is a 409 whose words show beside what was moved, drawn
  // again as it is now.
  const known: Known = new Map();
  const sections = new Map<Element, { category: AdminCategory; index: number; drawDishes: DrawDishes }>();
  let dragged: { category: AdminCategory; index: number } | { dish: number; from: number; index: number } | null = null;
  const unmark = () => {
    for (const each of list.querySelectorAll('.drop-before, .drop-after, .drop-into')) each.classList.remove('drop-before', 'drop-after', 'drop-into');
  };
  // Before or after `box`, by the pointer's height over it.
  const half = (event: DragEvent, over: Element) => {
    const box = over.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? ('before' as const) : ('after' as const);
  };
  const target = (event: DragEvent) => {
    const section = (event.target as Element).closest?.('.admin-category');
    const found = section && sections.get(section);
    if (!section || !found || !dragged) return null;
    if ('dish' in dragged) {
      if (dragged.from !== found.category.id) return { mark: section, ...found, where: 'into' as const, place: -1 };
      const row = (event.target as Element).closest<HTMLElement>('.dish-row');
      return row ? { mark: row, ...found, where: half(event, row), place: Number(row.dataset.index) } : null;
    }
    return { mark: section, ...found, where: half(event, section), place: found.index };
  };
  list.addEventListener('dragstart', (event) => {
    const handle = (event.target as Element).closest?.('.drag-handle');
    const row = handle?.closest<HTMLElement>('.dish-row');
    const section = handle?.closest('.admin-category');
    if (!handle || !section) return;
    dragged = row ? { dish: Number(row.dataset.dish), from: sections.get(section)!.category.id, index: Number(row.dataset.index) } : sections.get(section)!;
    event.dataTransfer?.setData('text/plain', row ? `dish ${row.dataset.dish}` : `category ${sections.get(section)!.category.id}`);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
  list.addEventListener('dragover', (event) => {
    const over = target(event);
    unmark();
    if (!over) return;
    event.preventDefault();
    over.mark.classList.add(`drop-${over.where}`);
  });
  list.addEventListener('dragend', () => {
    dragged = null;
    unmark();
  });
  // The place among the others (the one dragged taken out), before or after the one dropped on.
  const placeOf = (from: number, on: number, where: 'before' | 'after') => {
    const at = on + (where === 'after' ? 1 : 0);
    return at - (from < at ? 1 : 0);
  };
  list.addEventListener('drop', (event) => {
    const over = target(event);
    const moving = dragged;
    unmark();
    dragged = null;
    if (!over || !moving) return;
    event.preventDefault();
    if ('dish' in moving) {
      const dish = known.get(moving.dish)!;
      if (over.where !== 'into') {
        const place = placeOf(moving.index, over.place, over.where);
        if (place !== moving.index) over.drawDishes.after(admin.placeDish(dish, place), dish, (now) => t('{name} moved to place {place}.', { name: now.name, place: place + 1 }));
        return;
      }
      admin.updateDish(dish.id, dish.version, { categoryId: over.category.id }).then(
        (now) => show({ id: over.category.id, text: t('{dish} moved to {category}.', { dish: now.name, category: shownName(over.category) }) }),
        (error) => show({ id: moving.from, text: failureText(error) }),
      );
      return;
    }
    if (over.where === 'into') return;
    const place = placeOf(moving.index, over.index, over.where);
    if (place === moving.index) return;
    admin.placeCategory(moving.category, place).then(
      (now) => show({ id: now.id, text: t('{name} moved to place {place}.', { name: now.name, place: place + 1 }) }),
      (error) => show({ id: moving.category.id, text: failureText(error) }),
    );
  });

  // A category's dish rows, drawn (again). `after(move, dish, words)`: once a move of `dish`
  // is answered, the rows as they are now, the answer beside the dish's row (its 409's words if
  // the move was refused) and read out, and focus on the button pressed in its new place.
  // `first`: its dishes as the whole menu's answer brought them (asked again on a retry or after
  // a move); `screen`: the rows the first screenful has left to give, top first (firstRows).
  function dishList(category: AdminCategory, first: AdminDish[], screen: FirstScreen): DrawDishes {
    const node = h('div');
    let given: AdminDish[] | undefined = first;
    const dishes = () => {
      const answer = given ? Promise.resolve(given) : admin.dishesOf(category.id, ctx.signal);
      given = undefined;
      return answer;
    };
    const draw = (said?: { dish: number; text: string; focus?: 'up' | 'down' }) =>
      loadInto(
        node,
        dishes,
        (all) => {
          queueMicrotask(narrow);
          if (!all.length) return h('p', null, t('No dishes yet.'));
          const rowOf = (dish: AdminDish, index: number) =>
            dishRow(admin, dish, known, {
              index,
              count: all.length,
              move: (moving, direction) =>
                after(admin.placeDish(moving, index + (direction === 'up' ? -1 : 1)), moving, (now) => (direction === 'up' ? t('{name} moved up.', { name: now.name }) : t('{name} moved down.', { name: now.name })), direction),
            });
          // A first draw shows the rows a screen holds at once (top first) and the rest right
          // after that frame, as the host stand's day does; one drawn again after a move is
          // whole (the row it speaks of, and the focus, may be anywhere).
          const first = said ? all.length : Math.min(all.length, screen.left);
          screen.left -= first;
          const rows = all.slice(0, first).map(rowOf);
          const rowList = h('ul', { class: 'dish-rows', 'aria-label': t('Dishes of {name}', { name: shownName(category) }) }, rows);
          if (first < all.length) {
            screen.later(() => {
              if (!rowList.isConnected) return; // drawn anew meanwhile, or the page has gone
              rowList.append(...all.slice(first).map((dish, i) => rowOf(dish, first + i)));
            });
          }
          const row = said && rows.find((each) => each.dataset.dish === String(said.dish));
          if (said && row) {
            say(row.querySelector('.row-outcome')!, said.text);
            const pressed = said.focus && row.querySelector<HTMLButtonElement>(`button[data-direction="${said.focus}"]`);
            // At the top or the bottom now, the button pressed is off: its neighbour takes focus.
            if (said.focus) queueMicrotask(() => (pressed && !pressed.disabled ? pressed : row.querySelector<HTMLButtonElement>('button[data-direction]:not(:disabled)'))?.focus());
          }
          return rowList;
        },
        { signal: ctx.signal, waiting: t('Loading the dishes of {name}…', { name: shownName(category) }), keep: said !== undefined },
      );
    const after: DrawDishes['after'] = (move, dish, words, focus) =>
      void move.then(
        (now) => draw({ dish: now.id, text: words(now), focus }),
        (error) => draw({ dish: dish.id, text: failureText(error), focus }),
      );
    draw();
    return { node, after };
  }

  // `said`: what the last change to this category did, written beside its controls (the page's
  // status, which lasts across the list being drawn again, reads it out).
  function categoryBlock(category: AdminCategory, index: number, count: number, said: string, first: AdminDish[], screen: FirstScreen): Node {
    const dishes = dishList(category, first, screen);
    const move = (direction: 'up' | 'down') => () =>
      admin.moveCategory(category, direction).then(
        () => show({ id: category.id, text: direction === 'up' ? t('{name} moved up.', { name: shownName(category) }) : t('{name} moved down.', { name: shownName(category) }), focus: direction }),
        // Someone else moved or changed it first: the list as it is now, and why.
        (error) => show({ id: category.id, text: failureText(error), focus: direction }),
      );
    // Renamed in place: the heading's Rename button opens the form where the name is.
    const name = h('input', { id: `category-${category.id}`, value: category.name, maxlength: 60, required: true });
    const nameIt = h('input', { id: `category-${category.id}-it`, value: category.nameIt ?? '', maxlength: 60, lang: 'it', placeholder: t('not translated yet') });
    const saved = h('p', { class: 'row-outcome' }, said);
    const renameButton = h('button', { type: 'button', class: 'button secondary', 'aria-expanded': 'false', 'aria-label': t('Rename {name}', { name: shownName(category) }) }, t('Rename'));
    const form = h(
      'form',
      { class: 'inline rename', hidden: true },
      h('label', { for: `category-${category.id}` }, t('Name')),
      name,
      h('label', { for: `category-${category.id}-it` }, t('Name in Italian')),
      nameIt,
      h('button', { type: 'submit', class: 'button' }, t('Save')),
      h('button', { type: 'button', class: 'button secondary', onclick: () => openRename(false) }, t('Cancel')),
    );
    const openRename = (open: boolean) => {
      form.hidden = !open;
      renameButton.setAttribute('aria-expanded', String(open));
      (open ? name : renameButton).focus();
    };
    renameButton.addEventListener('click', () => openRename(form.hidden));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      say(saved, t('Saving…'));
      // Saved from the form that shows both names: its Italian has been looked at.
      admin.updateCategory(category, { name: name.value, nameIt: nameIt.value.trim() || null, ...(category.italianToReview && { italianReviewed: true as const }) }).then(
        (made) => show({ id: made.id, text: t('Saved: {name}.', { name: made.name }) }),
        (error) => say(saved, failureText(error)),
      );
    });
    const section = h(
      'section',
      { class: 'admin-category', 'aria-labelledby': `category-title-${category.id}` },
      h(
        'div',
        { class: 'category-head' },
        h('span', { class: 'drag-handle', draggable: 'true', 'aria-hidden': 'true', title: t('Drag to another place') }, '⠿'),
        h('h2', { id: `category-title-${category.id}` }, shownName(category), h('span', { class: 'dish-count' }, t(' · {dishCount} on the menu', { dishCount: category.dishCount })), category.italianToReview ? h('span', { class: 'badge' }, t('Italian to review')) : null),
        h(
          'div',
          { class: 'row' },
          renameButton,
          h('button', { type: 'button', class: 'button secondary', disabled: index === 0, onclick: move('up'), 'data-direction': 'up', 'aria-label': t('Move {name} up', { name: shownName(category) }) }, t('↑ Up')),
          h('button', { type: 'button', class: 'button secondary', disabled: index === count - 1, onclick: move('down'), 'data-direction': 'down', 'aria-label': t('Move {name} down', { name: shownName(category) }) }, t('↓ Down')),
        ),
      ),
      form,
      saved,
      dishes.node,
      h('p', null, h('a', { href: `/admin/dishes/new?category=${category.id}` }, t('Add a dish to {name}', { name: shownName(category) }))),
    );
    sections.set(section, { category, index, drawDishes: dishes });
    return section;
  }

  /** Writes `text` beside a control, and reads it out. */
  const say = (beside: Element, text: string) => {
    beside.textContent = text;
    status.textContent = text;
  };

  // The list drawn again; `after` says what changed and where: its words go beside that
  // category's controls, and after a move focus stays on the button pressed, in its new place.
  function show(after?: { id: number; text: string; focus?: 'up' | 'down' }) {
    loadInto(
      list,
      () => admin.menu(ctx.signal),
      (categories) => {
        sections.clear();
        const screen = firstScreen(narrow);
        const blocks = h(
          'div',
          null,
          categories.map(({ dishes, ...category }, i) => categoryBlock(category, i, categories.length, category.id === after?.id ? after.text : '', dishes, screen)),
        );
        if (after) {
          status.textContent = after.text;
          const block = blocks.querySelector(`[aria-labelledby="category-title-${after.id}"]`);
          const button = after.focus && block?.querySelector<HTMLButtonElement>(`button[data-direction="${after.focus}"]`);
          // At the top or the bottom now, the button pressed is off: its neighbour takes focus.
          if (block) queueMicrotask(() => (button && !button.disabled ? button : block.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus());
        }
        return blocks;
      },
      { signal: ctx.signal, waiting: t('Loading the menu…'), keep: true },
    );
  }

  const newName = h('input', { id: 'new-category', maxlength: 60, required: true });
  const added = h('p', { class: 'row-outcome', role: 'status' });
  const add = (event: Event) => {
    event.preventDefault();
    admin.createCategory(newName.value, '').then(
      (made) => {
        added.textContent = t('Added {name}.', { name: made.name });
        newName.value = '';
        show();
      },
      (error) => (added.textContent = failureText(error)),
    );
  };
  show();
  return h(
    'div',
    { class: 'admin with-nav' },
    h('h1', null, t('Menu')),
    adminNav(),
    h('form', { role: 'search', class: 'form inline', onsubmit: (event: Event) => event.preventDefault() }, h('label', { for: 'menu-editor-search' }, t('Find a dish')), search, found),
    status,
    list,
    h('form', { class: 'form inline', onsubmit: add }, h('label', { for: 'new-category' }, t('New category')), newName, h('button', { type: 'submit', class: 'button' }, t('Add category')), added),
  );
};
