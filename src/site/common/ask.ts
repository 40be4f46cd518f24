// The question the site asks before a step that cannot be undone (cancel an order, unpair a
// screen, leave a form unsaved): one modal <dialog> whose buttons say what they do, as the
// WAI-ARIA dialog pattern has it. Focus starts on the button that keeps things as they are,
// stays in the dialog while it is open (a modal dialog makes the page behind it inert) and
// goes back to where it was; Escape keeps things as they are too.
import { h } from '../../core/dom.js';

export interface Question {
  /** The question itself, as the dialog's heading: "Cancel order 42?". */
  title: string;
  /** What happens if it is done, when the title does not say it all. */
  text?: string;
  /** The button that does it: "Cancel the order". */
  act: string;
  /** The button that keeps things as they are: "Keep the order". */
  keep: string;
}

let asked = 0;

/** Asks `question` in a modal dialog: true when the person chose to act, false when they kept things (or pressed Escape). */
export function ask({ title, text, act, keep }: Question): Promise<boolean> {
  const id = `ask-${++asked}`;
  const returnTo = document.activeElement as HTMLElement | null;
  const close = (answer: 'act' | 'keep') => () => dialog.close(answer);
  const keepButton = h('button', { type: 'button', class: 'button secondary', onclick: close('keep') }, keep);
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'ask', 'aria-labelledby': `${id}-title`, ...(text && { 'aria-describedby': `${id}-text` }) },
    h('h2', { id: `${id}-title` }, title),
    text ? h('p', { id: `${id}-text` }, text) : null,
    h('div', { class: 'answers' }, keepButton, h('button', { type: 'button', class: 'button', onclick: close('act') }, act)),
  );
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (returnTo?.isConnected) returnTo.focus();
      resolve(dialog.returnValue === 'act');
    });
    dialog.showModal();
    keepButton.focus();
  });
}

export interface WhyQuestion extends Question {
  /** The box's label: "Why it is reopened". */
  label: string;
  /** Said under the box when it is left empty (or a single letter), the cursor put back in it. */
  empty: string;
}

/**
 * Asks `question` with a box for why, in the same dialog: the words written (trimmed) when the
 * person chose to act, null when they kept things (or pressed Escape). Acting with the box
 * empty says `empty` under it and keeps the dialog open. The cursor starts in the box.
 */
export function askWhy({ title, text, act, keep, label, empty }: WhyQuestion): Promise<string | null> {
  const id = `ask-${++asked}`;
  const returnTo = document.activeElement as HTMLElement | null;
  const why = h('input', { id: `${id}-why`, maxlength: 200, autocomplete: 'off', required: true, 'aria-describedby': `${id}-why-error` });
  const said = h('span', { id: `${id}-why-error`, class: 'field-error', role: 'alert' });
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'ask', 'aria-labelledby': `${id}-title`, ...(text && { 'aria-describedby': `${id}-text` }) },
    h('h2', { id: `${id}-title` }, title),
    text ? h('p', { id: `${id}-text` }, text) : null,
    h(
      'form',
      {
        novalidate: true,
        onsubmit: (event: Event) => {
          event.preventDefault();
          if (why.value.trim().length < 2) {
            said.textContent = empty;
            why.setAttribute('aria-invalid', 'true');
            why.focus();
            return;
          }
          dialog.close('act');
        },
      },
      h('p', { class: 'field' }, h('label', { for: `${id}-why` }, label), why, said),
      h('div', { class: 'answers' }, h('button', { type: 'button', class: 'button secondary', onclick: () => dialog.close('keep') }, keep), h('button', { type: 'submit', class: 'button' }, act)),
    ),
  );
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (returnTo?.isConnected) returnTo.focus();
      resolve(dialog.returnValue === 'act' ? why.value.trim() : null);
    });
    dialog.showModal();
    why.focus();
  });
}
