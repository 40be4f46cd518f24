// An owner's long form keeps its unsaved draft in this browser: each change writes the fields
// that differ from what was loaded to local storage (`tavola.draft.<key>`), with the time and
// the version of the record the form was loaded from, so a reload or a closed tab loses
// nothing, and putting it back leaves alone the fields someone else changed meanwhile. Opening the form again
// with a draft that differs from what is saved offers it back in a notice (Restore, Discard);
// it is never applied without being asked. A save forgets it (`saved()`); so does undoing
// every change by hand. A draft that cannot be read (storage edited, full) is dropped quietly.
import { h, nodes } from '../../core/dom.js';
import { LOCALE, t } from '../../core/words.js';

type Fields = Record<string, string | boolean>;

interface Stored {
  at: number;
  version: number | null;
  fields: Fields;
}

export interface Draft {
  /** The offer of a draft kept from before (empty when there is none): put it above the form. */
  notice: HTMLElement;
  /** The form was saved: what it holds now is the baseline, and no draft is kept. */
  saved(version: number): void;
}

// A field by its id, or a box of a group by its name and value ("tags=vegan").
const keyOf = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => field.id || `${field.name}=${field.value}`;
const fieldsOf = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')].filter((field) => field.type !== 'file' && (field.id || field.name));
const read = (form: HTMLFormElement): Fields => Object.fromEntries(fieldsOf(form).map((field) => [keyOf(field), field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio') ? field.checked : field.value]));

function load(storage: Storage, name: string): Stored | null {
  try {
    const stored = JSON.parse(storage.getItem(name) ?? 'null') as Stored | null;
    return stored && typeof stored.at === 'number' && typeof stored.fields === 'object' && stored.fields ? stored : null;
  } catch {
    storage.removeItem(name);
    return null;
  }
}

/** Keeps `form`'s draft under `key`; `version` is the record's as loaded (null for a new one). */
export function keepDraft(form: HTMLFormElement, key: string, version: number | null, storage: Storage = localStorage): Draft {
  const name = `tavola.draft.${key}`;
  // What the form held as loaded (or last saved): a draft is the fields that differ from it.
  let baseline = read(form);
  let loadedVersion = version;
  const notice = h('div', { class: 'draft-notice' });

  const write = () => {
    const changed = Object.fromEntries(Object.entries(read(form)).filter(([field, value]) => baseline[field] !== value));
    try {
      if (!Object.keys(changed).length) storage.removeItem(name);
      else storage.setItem(name, JSON.stringify({ at: Date.now(), version: loadedVersion, fields: changed } satisfies Stored));
    } catch {
      // Storage full or refused: the form still works, only the draft is not kept.
    }
  };
  form.addEventListener('input', write);
  form.addEventListener('change', write);

  const kept = load(storage, name);
  // Only the fields the owner changed are put back: what someone else saved meanwhile in the others stays.
  if (kept && Object.entries(kept.fields).some(([field, value]) => field in baseline && baseline[field] !== value)) {
    const when = new Date(kept.at).toLocaleString(LOCALE, { weekday: 'long', hour: '2-digit', minute: '2-digit' });
    const restore = () => {
      for (const field of fieldsOf(form)) {
        const value = kept.fields[keyOf(field)];
        if (value === undefined) continue;
        if (typeof value === 'boolean') (field as HTMLInputElement).checked = value;
        else field.value = value;
      }
      // The form's own reactions (hints, the blocker's question) follow, as for typing.
      form.dispatchEvent(new Event('input', { bubbles: true }));
      notice.replaceChildren();
      fieldsOf(form)[0]?.focus();
    };
    const discard = () => {
      storage.removeItem(name);
      notice.replaceChildren();
      form.querySelector<HTMLElement>('input, textarea, select')?.focus();
    };
    notice.append(
      ...nodes([
        h('p', null, t('You have changes to this form that were not saved, from {when}.', { when })),
        kept.version !== null && version !== null && kept.version !== version && h('p', null, t('It was saved by someone else since: look over the fields before saving.')),
      ]),
      h('p', { class: 'row' }, h('button', { type: 'button', class: 'button', onclick: restore }, t('Restore my changes')), h('button', { type: 'button', class: 'button secondary', onclick: discard }, t('Discard them'))),
    );
  }

  return {
    notice,
    saved(now) {
      loadedVersion = now;
      baseline = read(form);
      storage.removeItem(name);
    },
  };
}
