// A dish's groups of choices, on its edit page: the groups it lists, in the order a diner
// meets them (dragged, or moved by Up and Down), one taken out, another added from the groups
// there are (each edited once, on the Choices page). Saved on its own, on the dish's
// version, which it moves on: the dish's form is told (`moved`), and a change someone else
// made first (409) makes the form show what they changed (`stale`) while the list typed here
// stays, to be saved again.
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';
import type { AdminApi, AdminChoiceGroup } from './api.js';
import { MOST_GROUPS } from '../../shared/choices.js';
import { failureText } from './admin-nav.js';
import { asked } from './admin-choices.js';
import { dragToReorder, refocus, upDown } from './reorder.js';

/** The dish's version as its form holds it, and what the form does when it moves. */
export interface DishVersion {
  now(): number;
  moved(version: number): void;
  /** Someone changed the dish first: the form fetches it and says what changed. */
  stale(): Promise<void>;
}

export function dishChoicesForm(admin: AdminApi, dish: number, version: DishVersion, signal: AbortSignal): { node: Node; dirty(): boolean } {
  const frame = h('div');
  let dirty = () => false;
  loadInto(frame, () => Promise.all([admin.dishGroups(dish, signal), admin.choiceGroups(signal)]), ([listed, groups]) => draw(listed.groups, groups), { signal, waiting: t('Loading the choices…') });
  const node = h('section', { 'aria-labelledby': 'dish-choices-title', class: 'form admin-form' }, h('h2', { id: 'dish-choices-title' }, t('Choices')), frame);
  return { node, dirty: () => dirty() };

  function draw(first: number[], groups: AdminChoiceGroup[]): Node {
    const byId = new Map(groups.map((group) => [group.id, group]));
    const chosen = first.filter((id) => byId.has(id));
    let saved = chosen.join();
    dirty = () => chosen.join() !== saved;
    const list = h('ol', { class: 'routing', 'aria-label': t('Groups this dish lists') });
    const empty = h('p', { class: 'hint' }, t('This dish has no choices: it is ordered as it is.'));
    const adding = h('select', { id: 'dish-add-group' });
    const add = h('button', { type: 'button', class: 'button secondary', onclick: () => addGroup() }, t('Add group'));
    const addRow = h('div', { class: 'row' }, h('div', null, h('label', { for: 'dish-add-group' }, t('Add a group')), adding), add);
    const message = h('div', { class: 'form-error', role: 'alert' });
    const outcome = h('p', { class: 'outcome', role: 'status' });
    const save = h('button', { type: 'button', class: 'button', onclick: () => send() }, t('Save choices'));

    function redraw() {
      list.replaceChildren(
        ...chosen.map((id, index) => {
          const group = byId.get(id)!;
          return h(
            'li',
            { 'data-index': index },
            h(
              'span',
              null,
              h('span', { class: 'drag-handle', draggable: 'true', 'aria-hidden': 'true', title: t('Drag to another place') }, '⠿'),
              h('a', { href: `/admin/choices/${id}` }, shownName(group)),
              h('span', { class: 'hint' }, ` · ${asked(group)}`),
            ),
            h(
              'span',
              { class: 'row' },
              ...upDown(shownName(group), index, chosen.length, (to) => move(index, to)),
              h('button', { type: 'button', class: 'button secondary', onclick: () => remove(index) }, t('Remove {name}', { name: shownName(group) })),
            ),
          );
        }),
      );
      empty.hidden = chosen.length > 0;
      const others = groups.filter((group) => !chosen.includes(group.id));
      adding.replaceChildren(...others.map((group) => h('option', { value: group.id }, `${shownName(group)} · ${asked(group)}`)));
      adding.disabled = add.disabled = chosen.length >= MOST_GROUPS;
      addRow.hidden = !others.length;
    }
    function move(from: number, to: number) {
      const direction = to < from ? 'up' : 'down';
      chosen.splice(to, 0, ...chosen.splice(from, 1));
      redraw();
      refocus(list, to, direction);
    }
    function remove(index: number) {
      chosen.splice(index, 1);
      redraw();
      (list.querySelectorAll<HTMLElement>('li a')[Math.min(index, chosen.length - 1)] ?? adding).focus();
    }
    function addGroup() {
      const id = Number(adding.value);
      if (!byId.has(id)) return;
      chosen.push(id);
      redraw();
      adding.focus();
    }
    async function send() {
      message.textContent = outcome.textContent = '';
      save.disabled = true;
      try {
        const answer = await admin.setDishGroups(dish, version.now(), chosen);
        version.moved(answer.version);
        saved = chosen.join();
        outcome.textContent = t('Choices saved.');
      } catch (error) {
        const current = (error as { body?: { dish?: { groups: number[] } } }).body?.dish;
        message.textContent = current
          ? t('Someone changed this dish while you were editing it. It lists now: {groups}. Your list is kept: save again to keep it.', { groups: current.groups.map((id) => { const group = byId.get(id); return group ? shownName(group) : String(id); }).join(', ') || t('no group') })
          : failureText(error);
        if (current) await version.stale();
      } finally {
        save.disabled = false;
      }
    }
    dragToReorder(list, (from, to) => {
      chosen.splice(to, 0, ...chosen.splice(from, 1));
      redraw();
    });
    redraw();
    return h(
      'div',
      null,
      h('p', { class: 'hint' }, t('The groups a diner chooses from, in this order. A group is edited once, on the Choices page, for every dish that lists it.')),
      list,
      empty,
      groups.length ? addRow : h('p', null, h('a', { href: '/admin/choices/new' }, t('Make the first group of choices'))),
      message,
      h('div', { class: 'row' }, save),
      outcome,
    );
  }
}
