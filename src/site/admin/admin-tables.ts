// `/admin/tables`: the floor. Each table with its label, seats and state, edited in place
// on its version (a 409 shows the table as it is now), taken off the floor and back, and
// given a new code when a printed card may have left the restaurant. A form adds a table.
// `/admin/qr-codes`: the printable sheet, one card per table on the floor with its QR
// code, label and the restaurant's name, laid out for A4 by the print styles.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, DiningTable } from './api.js';
import { adminNav, failureText } from './admin-nav.js';
import { qrCode } from './handover.js';
import { ask } from '../common/ask.js';
import { t } from '../../core/words.js';
import { answers } from './answers.js';
import { floorPlanEditor } from './admin-floor-plan.js';
import { TABLE_SHAPES, type TableShape } from '../../shared/floor-plan.js';

/** A table's shape, in the page's language. */
const SHAPE_WORDS: Record<TableShape, () => string> = { square: () => t('Square'), round: () => t('Round'), long: () => t('Long') };

/** The address a table's QR code opens: the menu, with the code after `#`. */
export const tableAddress = (table: DiningTable) => new URL(`/menu#table=${table.code}`, location.origin).href;

export const adminTablesPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const list = h('div');
  const answer = answers();

  function row(table: DiningTable): HTMLElement {
    const id = `table-${table.number}`;
    const label = h('input', { id: `${id}-label`, value: table.label, maxlength: 40, required: true });
    const seats = h('input', { id: `${id}-seats`, type: 'number', min: 1, max: 50, value: table.seats, required: true });
    // "2, 5": the tables it may be pushed together with, as the host says them.
    const shape = h('select', { id: `${id}-shape` }, TABLE_SHAPES.map((each) => h('option', { value: each, selected: each === table.shape }, SHAPE_WORDS[each]())));
    const joins = h('input', { id: `${id}-joins`, value: table.joinsWith.join(', '), inputmode: 'numeric', pattern: '[0-9, ]*', size: 8, 'aria-describedby': 'joins-hint' });
    const done = (change: Promise<DiningTable>, saying: (now: DiningTable) => string) =>
      change.then(
        (now) => {
          const text = saying(now);
          redraw(now);
          answer.beside(id, text);
        },
        (error) => {
          const current = (error as { body?: { table?: DiningTable } })?.body?.table;
          if (current) redraw(current);
          answer.beside(id, failureText(error) + (current ? t(' It is shown as it is now.') : ''));
        },
      );
    // The row drawn again as the table is now; focus stays on the control that had it.
    const redraw = (now: DiningTable) => {
      const controls = (row: Element) => [...row.querySelectorAll<HTMLElement>('input, button')];
      const had = controls(item).indexOf(document.activeElement as HTMLElement);
      const made = row(now);
      item.replaceWith(made);
      if (had >= 0) controls(made)[had]?.focus();
    };
    const save = (event: Event) => {
      event.preventDefault();
      const joinsWith = [...new Set(joins.value.split(/[\s,]+/).filter(Boolean).map(Number))].sort((a, b) => a - b);
      const joinsChanged = joinsWith.join() !== table.joinsWith.join();
      const saved = admin.updateTable(table, { label: label.value, seats: Number(seats.value), ...(shape.value !== table.shape && { shape: shape.value as TableShape }), ...(joinsChanged && { joinsWith }) });
      // A join is both tables': the others' rows are read again, with their new versions.
      void done(saved, (now) => t('Saved {label}.', { label: now.label })).then(() => joinsChanged && readTables(`#${id} ~ form button[type="submit"]`));
    };
    const renew = async () => {
      if (!(await ask({ title: t('Give table {number} a new code?', { number: table.number }), text: t('Its printed QR code stops working at once: print its card again.'), act: t('Give it a new code'), keep: t('Keep the code') }))) return;
      void done(admin.renewCode(table), (now) => t('{label} has a new code: print its card again.', { label: now.label }));
    };
    const item = h(
      'li',
      { class: table.active ? 'floor-table' : 'floor-table off' },
      h('h2', { id }, t('Table {number}', { number: table.number }), table.active ? null : h('span', { class: 'badge sold' }, t('Off the floor'))),
      h(
        'form',
        { class: 'inline', onsubmit: save, 'aria-labelledby': id },
        h('span', { class: 'pair' }, h('label', { for: `${id}-label` }, t('Label')), label),
        h('span', { class: 'pair' }, h('label', { for: `${id}-seats` }, t('Seats')), seats),
        h('span', { class: 'pair' }, h('label', { for: `${id}-shape` }, t('Shape')), shape),
        h('span', { class: 'pair' }, h('label', { for: `${id}-joins` }, t('Joins with')), joins),
        h('button', { type: 'submit', class: 'button secondary' }, t('Save')),
      ),
      answer.place(id),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', class: 'button secondary', onclick: () => void done(admin.updateTable(table, { active: !table.active }), (now) => (now.active ? t('{label} is back on the floor.', { label: now.label }) : t('{label} is off the floor: no orders to it.', { label: now.label }))) }, table.active ? t('Take off the floor') : t('Put back on the floor'), h('span', { class: 'visually-hidden' }, t(' (table {number})', { number: table.number }))),
        h('button', { type: 'button', class: 'button secondary', onclick: renew }, t('New code'), h('span', { class: 'visually-hidden' }, t(' (table {number})', { number: table.number }))),
      ),
    );
    return item;
  }

  /** The plan and the list read again; `focus`, the control that keeps the focus (the one that acted). */
  const readTables = (focus?: string) =>
    loadInto(
      list,
      () => admin.tables(ctx.signal),
      (tables) => {
        if (!tables.length) return h('p', null, t('No tables yet: add the first one below.'));
        const plan = floorPlanEditor(tables, { save: (table, place) => admin.updateTable(table, { plan: place }), answer, moved: (number) => readTables(`.plan [data-table="${number}"]`) });
        const floor = h('div', null, plan, h('ul', { class: 'floor' }, tables.map(row)));
        if (focus) queueMicrotask(() => document.querySelector<HTMLElement>(focus)?.focus());
        return floor;
      },
      { signal: ctx.signal, waiting: t('Loading the tables…') },
    );

  const number = h('input', { id: 'new-table-number', type: 'number', min: 1, max: 9999, required: true });
  const label = h('input', { id: 'new-table-label', maxlength: 40, placeholder: t('Terrace 3') });
  const seats = h('input', { id: 'new-table-seats', type: 'number', min: 1, max: 50, value: 4, required: true });
  const add = (event: Event) => {
    event.preventDefault();
    admin.addTable({ number: Number(number.value), label: label.value.trim() || undefined, seats: Number(seats.value) }).then(
      (made) => {
        answer.beside('new-table', t('Added {label}.', { label: made.label }));
        number.value = '';
        label.value = '';
        readTables();
      },
      (error) => answer.beside('new-table', failureText(error)),
    );
  };
  readTables();
  return h(
    'div',
    { class: 'admin with-nav' },
    h('h1', null, t('Tables')),
    adminNav(),
    h('p', null, h('a', { href: '/admin/qr-codes', class: 'button' }, t('Print the QR codes'))),
    h('p', { id: 'joins-hint', class: 'hint' }, t('Joins with: the tables pushed together with it for a larger party, by number ("2, 5"). The host stand offers them joined, and online bookings take them for a party no single table seats.')),
    answer.status,
    list,
    h(
      'form',
      { class: 'form admin-form', onsubmit: add, 'aria-labelledby': 'new-table-title' },
      h('h2', { id: 'new-table-title' }, t('Add a table')),
      h('label', { for: 'new-table-number' }, t('Number')),
      number,
      h('label', { for: 'new-table-label' }, t('Label (optional)')),
      label,
      h('label', { for: 'new-table-seats' }, t('Seats')),
      seats,
      h('button', { type: 'submit', class: 'button' }, t('Add table')),
      answer.place('new-table'),
    ),
  );
};

export const adminQrCodesPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const sheet = h('div');
  loadInto(
    sheet,
    // The name on each card is the restaurant's as the Admin set it (/admin/restaurant).
    () => Promise.all([admin.tables(ctx.signal), admin.restaurant(ctx.signal)]),
    ([tables, restaurant]) => {
      const onFloor = tables.filter((table) => table.active);
      if (!onFloor.length) return h('p', null, t('No table is on the floor.'));
      return h(
        'ul',
        { class: 'qr-sheet' },
        onFloor.map((table) =>
          h(
            'li',
            { class: 'qr-card' },
            h('p', { class: 'qr-name' }, restaurant.name),
            qrCode(tableAddress(table), t('QR code for {label}', { label: table.label })),
            h('p', { class: 'qr-label' }, table.label),
            h('p', { class: 'qr-hint' }, t('Scan to see the menu and order to this table')),
          ),
        ),
      );
    },
    { signal: ctx.signal, waiting: t('Loading the tables…') },
  );
  return h(
    'div',
    { class: 'admin qr-page' },
    h('h1', null, t('QR codes for the tables')),
    h('div', { class: 'screen-only' }, adminNav(), h('p', null, t('One card per table on the floor. Print on A4: eight cards a page, cut along the lines.')), h('button', { type: 'button', class: 'button', onclick: () => print() }, t('Print'))),
    sheet,
  );
};
