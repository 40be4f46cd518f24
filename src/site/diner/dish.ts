// `/menu/:id`: one dish by its own address. An id that is not a whole number, or one
// the API does not know, shows the 404 content.
import type { PageContext } from '../../router/app.js';
import { h, nodes } from '../../core/dom.js';
import { NETWORK_FAILED, RequestError } from '../../core/http.js';
import { MENU_CHANGED, type Dish, type DishWithChoices } from '../common/api.js';
import { formatPrice } from '../common/price.js';
import type { Services } from '../shell/services.js';
import type { DishOrder, DishOrderParts } from './dish-order.js';
import { allergenLine, picture, shapes, soldOut, tagList } from './dish-card.js';
import { failureNotice, messageOf } from '../../core/load.js';
import { notFoundContent } from '../../core/not-found.js';
import { inAppTarget } from '../../router/links.js';
import { t } from '../../core/words.js';
import { appHref } from '../../core/dom.js';
import { allergenWord } from '../common/allergen-words.js';

const MENU_LINK = { href: '/menu', text: t('See the menu') };

/** What the page asks of the part fetched after it (shell/later.ts): a dish's order form. */
type Later = () => Promise<{ dishOrder(parts: DishOrderParts): DishOrder }>;

/** The page; `later` brings a dish's order form, for a dish with choices, a note or a cart line to change. */
export const dishPage = ({ api, cart }: Services, later: Later) => (ctx: PageContext<unknown>) => {
  const id = ctx.params.id ?? '';
  // The route param is a string: only a plain positive number is worth asking the API about.
  if (!/^[1-9]\d{0,15}$/.test(id)) return notFoundContent(ctx.here, MENU_LINK);

  // The frame is drawn at once; the heading stays the same element (focus and the
  // announcement follow it) and takes the dish's name when it arrives.
  const heading = h('h1', null, t('Dish'));
  // Opened from the menu (menu.ts puts its address in this entry's state), the back link is
  // that address and goes Back to it: the same search, filters and scroll. Opened directly,
  // it is the dish's category, a new entry.
  const from = (ctx.state as { menu?: string } | null)?.menu;
  const goBack = (event: Event) => {
    if (!from || !inAppTarget(event as MouseEvent, back, location)) return;
    event.preventDefault();
    ctx.back();
  };
  const back: HTMLAnchorElement = h('a', { href: from ?? '/menu', onclick: goBack }, t('← Back to the menu'));
  let shownPicture = h('img', { class: 'dish-picture', alt: '', width: 400, height: 300 });
  let details = h('div', { class: 'dish-details' });
  const page = h('article', { class: 'dish' }, h('p', { class: 'back' }, back), shownPicture, h('div', { class: 'about' }, heading, details));
  const status = h('p', { class: 'added', role: 'status' });

  function added(dish: Dish, add = () => cart.add(dish)) {
    add();
    const quantity = cart.get().reduce((sum, item) => sum + (item.dishId === dish.id ? item.quantity : 0), 0);
    status.textContent = t('Added. {quantity} in your cart.', { quantity });
  }

  // What is ticked and written now, carried over when the dish is drawn anew (the menu changed).
  let kept: (() => { ids: number[]; note: string }) | null = null;
  // A cart line being changed (its "Change": `?line=` its key), until it is.
  let changing = ctx.query.get('line');

  /**
   * "Add to cart", and a note for the kitchen about this dish: every dish takes one ("decaf").
   * A dish without choices and without a note is added at once (cart.ts); one with a note, or
   * with choices, through its order form (dish-order.ts, with later.ts), a line of its own. A
   * dish from a list that has choices (`choosing`) waits for them with the button disabled.
   */
  function adding(dish: Dish | DishWithChoices, price: HTMLElement, allergens: HTMLElement): HTMLElement {
    const groups = 'choices' in dish ? dish.choices : [];
    const waiting = !('choices' in dish) && dish.choosing !== 'none';
    const before = kept?.();
    const note = h('input', { id: 'line-note', name: 'note', maxlength: 200, autocomplete: 'off' });
    note.value = before?.note ?? '';
    const add = h('button', { type: 'submit', class: 'button large', disabled: waiting || groups.length > 0 || changing !== null }, t('Add to cart'));
    const form = h('form', { class: 'dish-order', 'aria-label': groups.length ? t('Your choices') : false }, h('p', { class: 'field' }, h('label', { for: 'line-note' }, t('A note on this dish (optional)')), note), add);
    let order: DishOrder | undefined;
    kept = () => order?.kept() ?? { ids: before?.ids ?? [], note: note.value };
    const changed = () => {
      changing = null;
      status.textContent = t('Changed in your cart.');
    };
    const ordering = () => later().then((part) => (order ??= part.dishOrder({ dish, groups, form, add, note, price, allergens, before, changing, waiting, added: (addIt) => added(dish, addIt), changed })));
    if (groups.length || changing)
      ordering().catch(() => {
        if (groups.length) form.prepend(failureNotice(t('The choices could not be loaded.'), () => location.reload()));
        else add.disabled = waiting;
      });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (add.disabled) return;
      // As it comes: its plain line, at once, as a menu card adds it.
      if (!order && !note.value.trim()) return added(dish);
      ordering().then((taken) => taken.send(), () => (status.textContent = NETWORK_FAILED));
    });
    return form;
  }

  function show(dish: Dish | DishWithChoices) {
    page.removeAttribute('aria-busy');
    heading.textContent = dish.name;
    // A word not translated yet says which language it is in (screen readers read it so).
    if (dish.untranslated?.name) heading.lang = dish.untranslated.name;
    else heading.removeAttribute('lang');
    if (!from) back.href = appHref(`/menu?category=${encodeURIComponent(dish.category)}`);
    const made = picture(dish, { class: 'dish-picture', alt: dish.name, sizes: '(min-width: 40em) 30rem, 100vw' });
    shownPicture.replaceWith(made);
    shownPicture = made;
    // A box of its own, not the placeholder's filled in: what is drawn is new, not moved.
    const price = h('p', { class: 'price' }, formatPrice(dish.priceCents));
    const allergens = allergenLine(dish);
    const shown = h('div', { class: 'dish-details' }, ...nodes([
      price,
      h('p', { lang: dish.untranslated?.description }, dish.description),
      tagList(dish.tags),
      h('div', { class: 'allergen-info' }, allergens, dish.traces.length ? h('p', { class: 'allergens' }, t('May contain traces of {list}', { list: dish.traces.map(allergenWord).join(', ') })) : null),
      soldOut(dish) || adding(dish, price, allergens),
      status,
    ]));
    details.replaceWith(shown);
    details = shown;
    ctx.retitle(dish.name);
  }

  function load() {
    page.setAttribute('aria-busy', 'true');
    // The price, a description, the tags and the button, without words: the space they will take.
    details.replaceChildren(
      h('p', { class: 'visually-hidden', role: 'status' }, t('Loading the dish…')),
      h('div', { class: 'placeholder', 'aria-hidden': 'true' }, shapes('price', 'text', 'tags', 'allergens', 'button')),
    );
    api.dish(Number(id), ctx.signal).then(show, (error: unknown) => {
      if (ctx.signal.aborted) return;
      page.removeAttribute('aria-busy');
      if (error instanceof RequestError && error.status === 404) {
        const hadFocus = page.contains(document.activeElement);
        ctx.retitle(t('Page not found'));
        // As tall as the frame it replaces, so the footer below does not jump up.
        page.style.minHeight = `${page.offsetHeight}px`;
        page.replaceChildren(notFoundContent(ctx.here, MENU_LINK));
        const notFound = page.querySelector('h1')!;
        notFound.tabIndex = -1;
        if (hadFocus) notFound.focus();
        return;
      }
      details.replaceChildren(failureNotice(messageOf(error), load));
    });
  }

  // Opened from a list: its dish is known already, so the page is whole in the click's own frame.
  // A list says whether a dish has choices, not which: those are asked for then, and drawn.
  const seen = api.seenDish(Number(id));
  if (seen) {
    show(seen);
    if (seen.choosing !== 'none' && !('choices' in seen)) void api.dish(Number(id), ctx.signal).then(show, () => !ctx.signal.aborted && load());
  } else load();
  // The menu changed (menu-watch.ts): sold out, a new price. Drawn again, quietly.
  document.addEventListener(MENU_CHANGED, () => void api.dish(Number(id), ctx.signal).then(show, () => {}), { signal: ctx.signal });
  return page;
};
