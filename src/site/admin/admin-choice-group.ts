// `/admin/choices/:id` (and `/admin/choices/new`): one group of choices, written whole. Its
// name in both languages, what the diner does (chooses: a doneness, extras; or leaves out),
// how many options must and may be chosen, and its options in order: each its names, its
// price change (less for a smaller portion), the allergens it adds and takes away, and
// whether it is on sale; put in order by dragging or by Up and Down. Saving sends the version
// the form was loaded from; when someone saved meanwhile (409) the page says what changed and
// keeps what was typed. The dishes that list the group are named, each a link to its page,
// where a dish's groups are chosen and ordered.
import type { PageContext } from '../../router/app.js';
import type { Blocking } from '../../router/blocker.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { LANG, t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';
import type { AdminApi, AdminChoiceGroup, ChoiceGroupFields } from './api.js';
import { ALLERGENS, type Allergen } from '../common/api.js';
import { allergenWord } from '../common/allergen-words.js';
import { LANGUAGE_NAMES } from '../../shared/i18n/languages.js';
import { MOST_OPTIONS } from '../../shared/choices.js';
import { adminNav, euros, failureText } from './admin-nav.js';
import { dragToReorder, refocus, upDown } from './reorder.js';

/** A price change as the field shows it ("2.00", "-1.50", "0.00"), and back (null when it is not one). */
const signedEuros = (cents: number) => (cents < 0 ? `-${euros(-cents)}` : euros(cents));
const signedCents = (text: string): number | null => {
  const found = /^([+-]?)\s*(\d{1,4}(?:[.,]\d{1,2})?)$/.exec(text.trim());
  return found ? (found[1] === '-' ? -1 : 1) * Math.round(Number(found[2]!.replace(',', '.')) * 100) : null;
};

type Option = ChoiceGroupFields['options'][number];

/** An option's row: its fields, and what it holds as the API writes it (null for a price that is not one). */
interface OptionRow {
  node: HTMLLIElement;
  id: number | undefined;
  name: HTMLInputElement;
  nameIt: HTMLInputElement;
  read(): Option | null;
  price: HTMLInputElement;
}

const KIND_WORDS = { choose: t('The diner chooses (a doneness, extras)'), without: t('The diner leaves things out (“without”)') };

export const adminChoiceGroupPage = (admin: AdminApi, blocking: Blocking) => (ctx: PageContext<unknown>) => {
  const id = ctx.params.id === 'new' ? null : Number(ctx.params.id);
  const frame = h('div');
  const page = h('div', { class: 'admin with-nav' }, h('h1', null, id ? t('Edit group of choices') : t('New group of choices')), adminNav(), frame);
  const missing = () => h('p', null, t('There is no such group of choices. '), h('a', { href: '/admin/choices' }, t('Back to the choices')));
  if (id !== null && !/^[1-9]\d{0,8}$/.test(ctx.params.id ?? '')) {
    frame.append(missing());
    return page;
  }
  loadInto(
    frame,
    () => Promise.all([admin.choiceGroups(ctx.signal), admin.menu(ctx.signal)]),
    ([groups, categories]) => {
      const group = id === null ? null : groups.find((each) => each.id === id);
      if (group === undefined) return missing();
      const dishNames = new Map(categories.flatMap((category) => category.dishes.map((dish) => [dish.id, dish.name] as const)));
      return form(group, dishNames);
    },
    { signal: ctx.signal, waiting: t('Loading the group…') },
  );

  function form(loaded: AdminChoiceGroup | null, dishNames: Map<number, string>): Node {
    let base = loaded;
    let made = 0;
    const input = (key: string, props: Record<string, string | number | boolean | null>) => h('input', { id: `group-${key}`, name: key, ...props });
    const name = input('name', { required: true, maxlength: 80, lang: 'en', value: base?.name ?? '' });
    const nameIt = input('nameIt', { maxlength: 80, lang: 'it', value: base?.nameIt ?? '' });
    const kindBox = (kind: 'choose' | 'without') => h('label', { class: 'choice' }, h('input', { type: 'radio', name: 'kind', value: kind, checked: (base?.kind ?? 'choose') === kind }), ' ', KIND_WORDS[kind]);
    const min = input('min', { type: 'number', min: 0, max: MOST_OPTIONS, required: true, value: base?.min ?? 0, 'aria-describedby': 'group-min-hint' });
    const max = input('max', { type: 'number', min: 1, max: MOST_OPTIONS, required: true, value: base?.max ?? 1 });
    const list = h('ol', { class: 'floor', 'aria-label': t('Options') });
    const rows: OptionRow[] = [];
    const message = h('div', { class: 'form-error', role: 'alert' });
    const saved = h('p', { class: 'outcome', role: 'status' }, (ctx.state as { saved?: string } | null)?.saved ?? '');
    const submit = h('button', { type: 'submit', class: 'button large' }, base ? t('Save group') : t('Add group'));
    const kind = () => (formNode.querySelector<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'choose') as 'choose' | 'without';

    // An option's row; `focus` puts the cursor in its name (a row just added).
    function optionRow(option: Option | null): OptionRow {
      const key = ++made;
      const field = (part: string, props: Record<string, string | number | boolean | null>) => h('input', { id: `option-${key}-${part}`, ...props });
      const optionName = field('name', { required: true, maxlength: 80, lang: 'en', value: option?.name ?? '' });
      const optionNameIt = field('nameIt', { maxlength: 80, lang: 'it', value: option?.nameIt ?? '' });
      const price = field('price', { inputmode: 'decimal', value: signedEuros(option?.priceCents ?? 0), 'aria-describedby': `option-${key}-price-hint` });
      const available = field('available', { type: 'checkbox', checked: option?.available ?? true });
      // Folded, its summary saying what is ticked ("Allergens it takes away: gluten").
      const allergenList = (part: 'adds' | 'removes', chosen: readonly Allergen[]) => {
        const title = part === 'adds' ? t('Allergens it adds') : t('Allergens it takes away');
        const summary = h('summary');
        const boxes = ALLERGENS.map((code) => h('input', { type: 'checkbox', name: `option-${key}-${part}`, value: code, checked: chosen.includes(code) }));
        const said = () => {
          const ticked = boxes.filter((box) => box.checked).map((box) => allergenWord(box.value as Allergen));
          summary.textContent = ticked.length ? `${title}: ${ticked.join(', ')}` : title;
        };
        said();
        return h(
          'details',
          { onchange: said },
          summary,
          h('fieldset', { class: 'allergen-boxes' }, h('legend', { class: 'visually-hidden' }, title), boxes.map((box) => h('label', { class: 'choice' }, box, ' ', allergenWord(box.value as Allergen)))),
        );
      };
      const ticked = (part: 'adds' | 'removes') => [...node.querySelectorAll<HTMLInputElement>(`input[name="option-${key}-${part}"]:checked`)].map((box) => box.value as Allergen);
      const node = h(
        'li',
        { class: 'floor-table' },
        h('h3', null, h('span', { class: 'drag-handle', draggable: 'true', 'aria-hidden': 'true', title: t('Drag to another place') }, '⠿'), h('span', { class: 'option-title' })),
        h(
          'div',
          { class: 'side-by-side' },
          h('div', null, h('label', { for: optionName.id }, t('Name')), optionName),
          h('div', null, h('label', { for: optionNameIt.id }, t('Name in Italian')), optionNameIt),
        ),
        h('label', { for: price.id }, t('Price change (€)')),
        price,
        h('p', { id: `option-${key}-price-hint`, class: 'hint' }, t('Added to the dish’s price: 2.00 for more, -1.50 for less, 0 for the same.')),
        h('label', { class: 'choice' }, available, ' ', t('Available (not sold out)')),
        allergenList('adds', option?.addsAllergens ?? []),
        allergenList('removes', option?.removesAllergens ?? []),
        h('div', { class: 'row' }),
      );
      return {
        node,
        id: option && 'id' in option ? option.id : undefined,
        name: optionName,
        nameIt: optionNameIt,
        price,
        read() {
          const priceCents = signedCents(price.value);
          if (priceCents === null) return null;
          return { ...(this.id !== undefined && { id: this.id }), name: optionName.value.trim(), nameIt: optionNameIt.value.trim() || null, priceCents, addsAllergens: ticked('adds'), removesAllergens: ticked('removes'), available: available.checked };
        },
      };
    }

    // The rows in their order, numbered, each with its Up, Down and Remove (Remove while more than one is left).
    function drawRows() {
      list.replaceChildren(...rows.map((row) => row.node));
      nameButtons();
      addOption.disabled = rows.length >= MOST_OPTIONS;
    }
    // Each row's number and buttons, named with its option (the rows stay where they are: a field's focus is kept).
    function nameButtons() {
      rows.forEach((row, index) => {
        row.node.dataset.index = String(index);
        const said = (LANG === 'it' && row.nameIt.value.trim()) || row.name.value.trim() || t('Option {number}', { number: index + 1 });
        row.node.querySelector('.option-title')!.textContent = t('Option {number}', { number: index + 1 });
        row.node.querySelector('.row')!.replaceChildren(
          ...upDown(said, index, rows.length, (to) => move(index, to)),
          h('button', { type: 'button', class: 'button secondary', disabled: rows.length === 1, onclick: () => remove(index) }, t('Remove {name}', { name: said })),
        );
      });
    }
    function move(from: number, to: number) {
      const direction = to < from ? 'up' : 'down';
      rows.splice(to, 0, ...rows.splice(from, 1));
      drawRows();
      refocus(list, to, direction);
    }
    function remove(index: number) {
      rows.splice(index, 1);
      drawRows();
      (rows[Math.min(index, rows.length - 1)]?.name ?? addOption).focus();
    }
    const addOption = h(
      'button',
      {
        type: 'button',
        class: 'button secondary',
        onclick: () => {
          const row = optionRow(null);
          rows.push(row);
          drawRows();
          row.name.focus();
        },
      },
      t('Add an option'),
    );
    for (const option of base?.options ?? [null]) rows.push(optionRow(option));
    drawRows();
    dragToReorder(list, (from, to) => {
      rows.splice(to, 0, ...rows.splice(from, 1));
      drawRows();
    });
    // A row's name is its buttons' name: said again as it is typed (after the typing, not on each key).
    list.addEventListener('change', (event) => {
      if (/-name(It)?$/.test((event.target as Element).id)) nameButtons();
    });

    const values = (): ChoiceGroupFields | { bad: HTMLInputElement } => {
      const options: Option[] = [];
      for (const row of rows) {
        const option = row.read();
        if (!option) return { bad: row.price };
        options.push(option);
      }
      return { name: name.value.trim(), nameIt: nameIt.value.trim() || null, kind: kind(), min: Number(min.value), max: Number(max.value), options };
    };
    const snapshot = () => JSON.stringify([[...formNode.querySelectorAll('input')].map((each) => (each.type === 'checkbox' || each.type === 'radio' ? each.checked : each.value)), rows.map((row) => row.id)]);
    let clean = '';
    const dirty = () => snapshot() !== clean;

    // What someone else changed, in words: "At most: 2 → 3".
    const described = (group: AdminChoiceGroup): [string, string][] => [
      [t('Name'), group.name],
      [t('Name in Italian'), group.nameIt ?? t('not translated yet')],
      [t('What the diner does'), KIND_WORDS[group.kind]],
      [t('At least'), String(group.min)],
      [t('At most'), String(group.max)],
      [t('Options'), group.options.map((option) => `${shownName(option)} ${signedEuros(option.priceCents)}${option.available ? '' : ` (${t('[option] sold out')})`}`).join(', ')],
    ];
    // The field a refusal names ("min", "options.2.priceCents"), to put the cursor in.
    const fieldOf = (path: string): HTMLElement | null => {
      const [first, index, part] = path.split('.');
      if (first !== 'options') return formNode.querySelector(`#group-${first}`);
      const row = rows[Number(index)];
      return row ? (part === 'priceCents' ? row.price : row.name) : null;
    };

    async function save(event: Event) {
      event.preventDefault();
      message.replaceChildren();
      saved.textContent = '';
      const fields = values();
      if ('bad' in fields) {
        message.textContent = t('A price change is in euros, such as 2.00 or -1.50.');
        fields.bad.focus();
        return;
      }
      submit.disabled = true;
      try {
        const group = base ? await admin.updateChoiceGroup(base.id, base.version, fields) : await admin.createChoiceGroup(fields);
        // The new options have their ids now: the next save changes them rather than adding them again.
        group.options.forEach((option, index) => {
          if (rows[index]) rows[index].id = option.id;
        });
        base = group;
        clean = snapshot();
        saved.textContent = t('Saved {name}.', { name: shownName(group) });
        if (!id) ctx.navigate(`/admin/choices/${group.id}`, { replace: true, state: { saved: saved.textContent } });
      } catch (error) {
        const current = (error as { body?: { group?: AdminChoiceGroup } }).body?.group;
        if (current && base) {
          const before = described(base);
          const changes = described(current).flatMap(([label, now], i) => (now === before[i]![1] ? [] : [`${label}: ${before[i]![1]} → ${now}`]));
          message.replaceChildren(
            h('p', null, t('Someone saved this group while you were editing it. What they changed:')),
            h('ul', null, changes.map((change) => h('li', null, change))),
            h('p', null, t('Your changes are still in the form: save again to keep them.')),
          );
          base = current; // the next save is based on what is there now
        } else {
          message.textContent = failureText(error);
          const field = (error as { body?: { field?: string } }).body?.field;
          if (field) fieldOf(field)?.focus();
        }
      } finally {
        submit.disabled = false;
      }
    }

    const used = base?.dishes.length
      ? h('p', null, t('Listed by: '), base.dishes.flatMap((dish, i) => [i ? ', ' : '', h('a', { href: `/admin/dishes/${dish}` }, dishNames.get(dish) ?? t('Dish {id}', { id: dish }))]))
      : h('p', { class: 'hint' }, t('No dish lists this group yet: choose it on a dish’s page, under Choices.'));
    const formNode = h(
      'form',
      { class: 'form admin-form', onsubmit: save, novalidate: true },
      h(
        'div',
        { class: 'side-by-side' },
        h('fieldset', null, h('legend', { lang: 'en' }, LANGUAGE_NAMES.en), h('label', { for: 'group-name' }, t('Name')), name),
        h('fieldset', null, h('legend', { lang: 'it' }, LANGUAGE_NAMES.it), h('label', { for: 'group-nameIt' }, t('Name in Italian')), nameIt),
      ),
      h('fieldset', null, h('legend', null, t('What the diner does')), kindBox('choose'), kindBox('without')),
      h(
        'div',
        { class: 'side-by-side' },
        h('div', null, h('label', { for: 'group-min' }, t('At least')), min, h('p', { id: 'group-min-hint', class: 'hint' }, t('0: the diner need not choose; 1 or more: the dish cannot be ordered without.'))),
        h('div', null, h('label', { for: 'group-max' }, t('At most')), max),
      ),
      h('h2', null, t('Options')),
      list,
      h('div', { class: 'row' }, addOption),
      message,
      submit,
      saved,
    );
    clean = snapshot();
    ctx.signal.addEventListener('abort', blocking.block(dirty));
    return h('div', null, formNode, h('h2', null, t('Dishes')), used);
  }

  return page;
};
