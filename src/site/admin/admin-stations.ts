// `/admin/stations`: where the dishes are cooked, and when a ticket is late. Stations
// ("Kitchen", "Pizza oven", "Bar") renamed, made the default (where a new category goes),
// added and removed; each menu category sent to its station; the two late thresholds the
// boards mark tickets by (default 10 and 20 minutes). Every change on its version: a 409
// says so and shows the record as it is now.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, AdminCategory, BoardSettings, Station } from './api.js';
import { adminNav, failureText } from './admin-nav.js';
import { ask } from '../common/ask.js';
import { t } from '../../core/words.js';
import { answers } from './answers.js';
import { shownName } from '../common/shown-name.js';

export const adminStationsPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const answer = answers();
  const area = h('div');

  const show = () =>
    loadInto(area, () => Promise.all([admin.boardSettings(ctx.signal), admin.categories(ctx.signal)]), ([settings, categories]) => page(settings, categories), {
      signal: ctx.signal,
      waiting: t('Loading the stations…'),
      keep: true,
    });
  // After a change, everything again (a station's name shows in the categories' choices too),
  // the answer beside the control that asked (`key`).
  // Focus stays on the control that had it (by its id), in the new drawing.
  let refocus: string | undefined;
  const reload = (key: string) => (text: string) => {
    answer.beside(key, text);
    refocus = document.activeElement?.id || undefined;
    show();
  };
  const failed = (key: string) => (error: unknown) => answer.beside(key, failureText(error));
  const reloadAfter = (key: string) => (error: unknown) => {
    answer.beside(key, failureText(error));
    refocus = document.activeElement?.id || undefined;
    show();
  };

  async function remove(station: Station) {
    const name = shownName(station);
    if (!(await ask({ title: t('Remove {name}?', { name }), act: t('Remove {name}', { name }), keep: t('Keep it') }))) return;
    admin.removeStation(station).then(() => reload('stations')(t('{name} is removed.', { name })), failed(`station-${station.id}`));
  }

  function stationRow(station: Station): HTMLElement {
    const id = `station-${station.id}`;
    const name = h('input', { id: `${id}-name`, value: station.name, maxlength: 40, required: true });
    const nameIt = h('input', { id: `${id}-name-it`, value: station.nameIt ?? '', maxlength: 40, lang: 'it', placeholder: t('not translated yet') });
    const named = h('span', { class: 'visually-hidden' }, ` (${shownName(station)})`);
    const rename = (event: Event) => {
      event.preventDefault();
      // Saved from the form that shows both names: its Italian has been looked at.
      const changes = { name: name.value, nameIt: nameIt.value.trim() || null, ...(station.italianToReview && { italianReviewed: true as const }) };
      admin.updateStation(station, changes).then((now) => reload(id)(t('Saved {name}.', { name: shownName(now) })), failed(id));
    };
    return h(
      'li',
      { class: 'floor-table' },
      h('h3', { id }, shownName(station), station.isDefault ? h('span', { class: 'badge on' }, t('Default')) : null, station.italianToReview ? h('span', { class: 'badge' }, t('Italian to review')) : null),
      h(
        'form',
        { class: 'inline', onsubmit: rename, 'aria-labelledby': id },
        h('span', { class: 'pair' }, h('label', { for: `${id}-name` }, t('Name')), name),
        h('span', { class: 'pair' }, h('label', { for: `${id}-name-it` }, t('Name in Italian')), nameIt),
        h('button', { type: 'submit', class: 'button secondary', id: `${id}-save` }, t('Save'), named.cloneNode(true)),
      ),
      station.isDefault
        ? h('p', { class: 'hint' }, t('New categories are cooked here.'))
        : h(
            'div',
            { class: 'row' },
            h('button', { type: 'button', class: 'button secondary', id: `${id}-default`, onclick: () => admin.updateStation(station, { isDefault: true }).then((now) => reload(id)(t('{name} is the default station.', { name: shownName(now) })), failed(id)) }, t('Make default'), named.cloneNode(true)),
            h('button', { type: 'button', class: 'link-button', onclick: () => remove(station) }, t('Remove'), named.cloneNode(true)),
          ),
      answer.place(id),
    );
  }

  function categoryRow(category: AdminCategory, stations: Station[]): HTMLElement {
    const id = `category-${category.id}-station`;
    const select = h('select', { id }, stations.map((station) => h('option', { value: station.id }, shownName(station))));
    select.value = String(category.station);
    select.addEventListener('change', () =>
      admin.updateCategory(category, { station: Number(select.value) }).then(
        (now) => reload(id)(t('{name} is cooked at {station} from now on.', { name: shownName(now), station: shownName(stations.find((station) => station.id === now.station)!) })),
        reloadAfter(id),
      ),
    );
    // Its dishes' VAT rate (Italy's rates), copied onto each dish ordered: a change alters no past bill.
    const vatId = `category-${category.id}-vat`;
    const vat = h('select', { id: vatId, 'aria-label': t('VAT on {name}', { name: shownName(category) }) }, [400, 500, 1000, 2200].map((bp) => h('option', { value: bp }, `${bp / 100} %`)));
    vat.value = String(category.vatBp);
    vat.addEventListener('change', () =>
      admin.updateCategory(category, { vatBp: Number(vat.value) }).then(
        (now) => reload(vatId)(t('{name}: VAT {rate} on what is ordered from now on.', { name: shownName(now), rate: `${now.vatBp / 100} %` })),
        reloadAfter(vatId),
      ),
    );
    return h('li', null, h('label', { for: id }, shownName(category)), select, vat, answer.place(id), answer.place(vatId));
  }

  function lateForm(settings: BoardSettings): HTMLFormElement {
    const late = h('input', { id: 'late-minutes', type: 'number', min: 1, max: 240, value: settings.lateMinutes, required: true });
    const veryLate = h('input', { id: 'very-late-minutes', type: 'number', min: 1, max: 240, value: settings.veryLateMinutes, required: true });
    const save = (event: Event) => {
      event.preventDefault();
      admin.saveLateTimes(settings, Number(late.value), Number(veryLate.value)).then((now) => reload('late')(t('Tickets are late after {lateMinutes} minutes and very late after {veryLateMinutes}.', { lateMinutes: now.lateMinutes, veryLateMinutes: now.veryLateMinutes })), reloadAfter('late'));
    };
    return h(
      'form',
      { class: 'form admin-form', onsubmit: save, 'aria-labelledby': 'late-title' },
      h('h2', { id: 'late-title' }, t('When a ticket is late')),
      h('p', { class: 'hint' }, t('The boards mark a ticket Late, then Very late, in words and colour. Paired screens take new times within seconds; a person’s board when it next loads.')),
      h('label', { for: 'late-minutes' }, t('Late after (minutes)')),
      late,
      h('label', { for: 'very-late-minutes' }, t('Very late after (minutes)')),
      veryLate,
      h('button', { type: 'submit', class: 'button', id: 'late-save' }, t('Save late times')),
      answer.place('late'),
    );
  }

  function page(settings: BoardSettings, categories: AdminCategory[]): Node {
    const focus = refocus;
    refocus = undefined;
    if (focus) queueMicrotask(() => document.getElementById(focus)?.focus());
    const name = h('input', { id: 'new-station-name', maxlength: 40, required: true, placeholder: t('Grill') });
    const nameIt = h('input', { id: 'new-station-name-it', maxlength: 40, lang: 'it' });
    const add = (event: Event) => {
      event.preventDefault();
      admin.addStation(name.value, nameIt.value.trim() || null).then((made) => reload('new-station')(t('Added {name}.', { name: shownName(made) })), failed('new-station'));
    };
    return h(
      'div',
      null,
      h('section', { 'aria-labelledby': 'stations-title' }, h('h2', { id: 'stations-title' }, t('Stations')), h('ul', { class: 'floor' }, settings.stations.map(stationRow)), answer.place('stations')),
      h(
        'form',
        { class: 'form admin-form', onsubmit: add, 'aria-labelledby': 'new-station-title' },
        h('h2', { id: 'new-station-title' }, t('Add a station')),
        h('label', { for: 'new-station-name' }, t('Name')),
        name,
        h('label', { for: 'new-station-name-it' }, t('Name in Italian')),
        nameIt,
        h('button', { type: 'submit', class: 'button' }, t('Add station')),
        answer.place('new-station'),
      ),
      h(
        'section',
        { 'aria-labelledby': 'routing-title' },
        h('h2', { id: 'routing-title' }, t('Where each category is cooked')),
        h('p', { class: 'hint' }, t('Orders placed from now on send each dish to its category’s station; orders already placed keep theirs.')),
        h('ul', { class: 'routing' }, categories.map((category) => categoryRow(category, settings.stations))),
      ),
      lateForm(settings),
    );
  }

  show();
  return h('div', { class: 'admin with-nav' }, h('h1', null, t('Stations and late times')), adminNav(), answer.status, area);
};
