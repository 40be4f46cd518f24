// The pad's order before it is sent, by course: what goes now, and what is held until the
// waiter fires it. Each line: one less or more, the guest's seat (a tap moves it on: 1, 2, …
// none), its course, a note, and its choices inline (a tap on an option). Drawn again whole
// on each change, focus kept on the same control of the same line.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import { COURSES, heldCourses } from '../../shared/courses.js';
import { courseWords } from '../common/course-words.js';
import { formatPrice } from '../common/price.js';
import { byCourse, missingChoices, nextSeat, type PadLine, type PadLines } from './pad-lines.js';

export interface OrderListOptions {
  lines: PadLines;
  guests(): number | null;
  /** Something changed: the page draws again (the Send button's state, the total). */
  changed(): void;
}

/** When a course goes: at once, now with the first, or held. */
function whenItGoes(course: number, held: Set<number>): string {
  if (course === 0) return t('at once');
  return held.has(course) ? t('held until you fire it') : t('now');
}

function lineNode(line: PadLine, { lines, guests, changed }: OrderListOptions): HTMLElement {
  const act = (name: string, label: string | null, text: string, run: () => void) =>
    h('button', { type: 'button', class: 'button secondary pad-act', 'data-key': line.key, 'data-act': name, 'aria-label': label ?? false, onclick: run }, text, label ? null : h('span', { class: 'visually-hidden' }, t(' ({name})', { name: line.name })));
  const course = h(
    'select',
    { 'data-key': line.key, 'data-act': 'course', 'aria-label': t('Course of {name}', { name: line.name }) },
    COURSES.map((each) => h('option', { value: each, selected: each === line.course }, courseWords(each))),
  );
  course.addEventListener('change', () => {
    line.course = Number(course.value);
    changed();
  });
  const note = h('input', { class: 'pad-note', maxlength: 200, value: line.note, placeholder: t('A note for the kitchen'), 'data-key': line.key, 'data-act': 'note', 'aria-label': t('A note for the kitchen on {name}', { name: line.name }) });
  note.addEventListener('input', () => (line.note = note.value));
  const missing = missingChoices(line);
  return h(
    'li',
    { class: 'pad-line', 'data-line': line.key },
    h('p', { class: 'pad-line-what' }, h('strong', null, `${line.quantity} ×`), ' ', line.name, ' ', h('span', { class: 'pad-line-price' }, formatPrice(line.priceCents * line.quantity))),
    h(
      'div',
      { class: 'pad-line-acts' },
      act('less', t('One less {name}', { name: line.name }), '−', () => {
        lines.change(line.key, -1);
        changed();
      }),
      act('more', t('One more {name}', { name: line.name }), '+', () => {
        lines.change(line.key, 1);
        changed();
      }),
      act('seat', null, line.seat === null ? t('Seat –') : t('Seat {seat}', { seat: line.seat }), () => {
        line.seat = nextSeat(line.seat, guests() ?? 0);
        changed();
      }),
      course,
    ),
    line.groups?.length
      ? h(
          'div',
          { class: 'pad-choices' },
          line.groups.map((group) =>
            h(
              'div',
              { class: 'pad-choice-group', role: 'group', 'aria-label': group.name },
              h('span', { class: 'pad-choice-name' }, group.name),
              group.options.map((option) =>
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'pad-chip',
                    disabled: !option.available,
                    'aria-pressed': String(line.choices.includes(option.id)),
                    'data-key': line.key,
                    'data-act': `option-${option.id}`,
                    onclick: () => {
                      const others = group.options.map((one) => one.id);
                      if (line.choices.includes(option.id)) line.choices = line.choices.filter((id) => id !== option.id);
                      else if (group.max === 1) line.choices = [...line.choices.filter((id) => !others.includes(id)), option.id];
                      else if (line.choices.filter((id) => others.includes(id)).length < group.max) line.choices = [...line.choices, option.id];
                      changed();
                    },
                  },
                  option.name,
                ),
              ),
            ),
          ),
        )
      : null,
    missing.length ? h('p', { class: 'field-error' }, t('Choose: {groups}', { groups: missing.map((group) => group.name).join(', ') })) : null,
    note,
  );
}

/** The lines by course, each course saying when it goes. */
export function orderList(options: OrderListOptions): HTMLElement {
  const lines = options.lines.all();
  if (!lines.length) return h('p', { class: 'hint pad-empty' }, t('Tap a dish to add it. The table’s courses go in one send: the first now, the others held until you fire them.'));
  const held = heldCourses(lines.map((line) => line.course));
  return h(
    'div',
    { class: 'pad-courses' },
    byCourse(lines).map(([course, inCourse]) =>
      h(
        'section',
        { class: 'pad-course', 'data-course': course, 'aria-labelledby': `pad-course-${course}` },
        h('h3', { id: `pad-course-${course}` }, courseWords(course), ' ', h('span', { class: 'pad-when' }, `· ${whenItGoes(course, held)}`)),
        h('ul', { class: 'pad-lines' }, inCourse.map((line) => lineNode(line, options))),
      ),
    ),
  );
}

/** Where focus is in the list (a control of a line), to put it back after a draw. */
export function focusInList(list: HTMLElement): () => void {
  const active = document.activeElement as HTMLElement | null;
  const key = active && list.contains(active) ? active.dataset.key : undefined;
  const act = active?.dataset.act;
  return () => {
    if (key === undefined || act === undefined) return;
    list.querySelector<HTMLElement>(`[data-key="${key}"][data-act="${act}"]`)?.focus();
  };
}
