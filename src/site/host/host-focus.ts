// Focus kept across a redraw of the day (a booking changed elsewhere, the plan's half-minute tick): on the same bar, table of the plan, line of a phone's list, or button of the booking's panel.

/** Where focus is before a draw (`panel`: the booking's panel, drawn anew). */
export function focusNow(panel: HTMLElement) {
  const active = document.activeElement as HTMLElement | null;
  return {
    active,
    bar: active?.closest<HTMLElement>('.booking-bar')?.dataset.booking,
    table: active?.closest<HTMLElement>('.host-plan [data-table]')?.dataset.table,
    line: active?.closest<HTMLElement>('.host-list-item')?.dataset.booking,
    // In the booking's panel, drawn anew: the button of the same words, if it is still there.
    inPanel: active && active !== panel && panel.contains(active) && active.tagName === 'BUTTON' ? active.textContent : null,
  };
}

export type FocusWas = ReturnType<typeof focusNow>;

/** Focus back on the bar, the plan's table or the list's line it was on; false when it was on none of them. */
export function focusOnDay(was: FocusWas, bars: Map<number, HTMLElement>, planArea: HTMLElement, phoneList: HTMLElement): boolean {
  if (was.bar) bars.get(Number(was.bar))?.focus();
  else if (was.table) planArea.querySelector<HTMLElement>(`[data-table="${was.table}"]`)?.focus();
  else if (was.line) {
    // The same button of the line if it still offers it (No-show, Arrived…), else its name.
    const buttons = [...phoneList.querySelectorAll<HTMLElement>(`.host-list-item[data-booking="${was.line}"] button`)];
    (buttons.find((button) => button.textContent === was.active!.textContent) ?? buttons[0])?.focus();
  } else return false;
  return true;
}

/** Focus back on the panel's button of the same words, if it was on one and it is still there. */
export function focusInPanel(was: FocusWas, panel: HTMLElement): void {
  if (was.inPanel !== null) [...panel.querySelectorAll('button')].find((button) => button.textContent === was.inPanel)?.focus();
}
