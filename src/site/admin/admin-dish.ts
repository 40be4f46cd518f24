// `/admin/dishes/:id` (and `/admin/dishes/new?category=3`): one dish's form. Saving sends
// the version the form was loaded from; when someone saved meanwhile (409) the page says
// what changed, field by field, keeps what was typed, and the next save is based on the
// new version. Leaving with unsaved changes asks first (the router's blocker); a reload or a
// closed tab keeps them as a draft in this browser, offered back, never applied unasked.
import type { PageContext } from '../../router/app.js';
import type { Blocking } from '../../router/blocker.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, AdminCategory, AdminDish, DishFields } from './api.js';
import { adminNav, cents, euros, failureText } from './admin-nav.js';
import { shownName } from '../common/shown-name.js';
import { ALLERGENS, type Allergen } from '../common/api.js';
import { t } from '../../core/words.js';
import { allergenWord, tagWord } from '../common/allergen-words.js';
import { DISH_TAGS } from '../../shared/dish-tags.js';
import { LANGUAGE_NAMES } from '../../shared/i18n/languages.js';
import { keepDraft, type Draft } from './draft.js';
import { dishChoicesForm } from './admin-dish-choices.js';

const LABELS: Record<keyof DishFields, string> = {
  name: t('Name'),
  description: t('Description'),
  nameIt: t('Name in Italian'),
  descriptionIt: t('Description in Italian'),
  priceCents: t('Price'),
  categoryId: t('Category'),
  tags: t('Dietary tags'),
  allergens: t('Contains (the 14 allergens of EU law)'),
  traces: t('May contain traces of'),
  featured: t('On today\'s highlights'),
  available: t('Available (not sold out)'),
  archived: t('Archived'),
};

export const adminDishPage = (admin: AdminApi, blocking: Blocking) => (ctx: PageContext<unknown>) => {
  const id = ctx.params.id === 'new' ? null : Number(ctx.params.id);
  const frame = h('div');
  const page = h('div', { class: 'admin with-nav' }, h('h1', null, id ? t('Edit dish') : t('New dish')), adminNav(), frame);
  if (id !== null && !/^[1-9]\d{0,8}$/.test(ctx.params.id ?? '')) {
    frame.append(h('p', null, t('There is no such dish. '), h('a', { href: '/admin/menu' }, t('Back to the menu'))));
    return page;
  }
  loadInto(
    frame,
    () => Promise.all([admin.categories(ctx.signal), id ? admin.dish(id, ctx.signal) : Promise.resolve(null)]),
    ([categories, dish]) => form(categories, dish),
    { signal: ctx.signal, waiting: t('Loading the dish…') },
  );

  function form(categories: AdminCategory[], loaded: AdminDish | null): Node {
    let base = loaded;
    let drafts: Draft | undefined;
    const input = (name: string, props: Record<string, string | number | boolean | null>) => h('input', { id: `dish-${name}`, name, ...props });
    const name = input('name', { required: true, maxlength: 80, lang: 'en', value: base?.name ?? '' });
    const description = h('textarea', { id: 'dish-description', name: 'description', lang: 'en', rows: 4, maxlength: 600 }, base?.description ?? '');
    // The Italian beside the English: empty is "not translated yet" (Italian pages show the English, marked as such).
    const nameIt = input('nameIt', { maxlength: 80, lang: 'it', value: base?.nameIt ?? '', 'aria-describedby': 'dish-italian-hint' });
    const descriptionIt = h('textarea', { id: 'dish-descriptionIt', name: 'descriptionIt', lang: 'it', rows: 4, maxlength: 600, 'aria-describedby': 'dish-italian-hint' }, base?.descriptionIt ?? '');
    const missing = h('p', { id: 'dish-italian-hint', class: 'hint' });
    const showMissing = () => {
      const empty = [!nameIt.value.trim() && LABELS.nameIt, !descriptionIt.value.trim() && description.value.trim() && LABELS.descriptionIt].filter(Boolean);
      missing.textContent = empty.length ? t('Not translated yet: {fields}. Italian pages show the English meanwhile.', { fields: empty.join(', ') }) : t('Both languages are complete.');
    };
    showMissing();
    // An Italian written for an English that has changed since: said, and the owner may say it still holds.
    const reviewed = h('input', { type: 'checkbox', id: 'dish-italian-reviewed' });
    const review = h('p', { class: 'notice', hidden: !base?.italianToReview }, t('The English changed after the Italian was written: review the Italian.'), ' ', h('label', { for: 'dish-italian-reviewed' }, reviewed, t(' It still holds')));
    const price = input('price', { required: true, inputmode: 'decimal', value: base ? euros(base.priceCents) : '', 'aria-describedby': 'dish-price-hint' });
    const category = h(
      'select',
      { id: 'dish-category', name: 'category' },
      categories.map((each) => h('option', { value: each.id, selected: each.id === (base?.categoryId ?? Number(ctx.query.get('category'))) }, shownName(each))),
    );
    const box = (key: 'featured' | 'available' | 'archived', checked: boolean) => h('label', { class: 'choice' }, input(key, { type: 'checkbox', checked }), ' ', LABELS[key]);
    const tags = h('fieldset', null, h('legend', null, LABELS.tags), DISH_TAGS.map((tag) => h('label', { class: 'choice' }, h('input', { type: 'checkbox', name: 'tags', value: tag, checked: base?.tags.includes(tag) ?? false }), ' ', tagWord(tag))));
    // Each allergen a checkbox; "not checked yet" (null) until the owner has gone through them.
    const allergenBoxes = (key: 'allergens' | 'traces', chosen: readonly string[]) =>
      ALLERGENS.map((code) => h('label', { class: 'choice' }, h('input', { type: 'checkbox', name: key, value: code, checked: chosen.includes(code), onchange: key === 'allergens' ? () => (unknown.checked = false) : null }), ' ', allergenWord(code)));
    const unknown = h('input', { type: 'checkbox', id: 'dish-allergens', name: 'allergens-unknown', checked: !base || base.allergens === null });
    const allergens = h(
      'fieldset',
      { class: 'allergen-boxes' },
      h('legend', null, LABELS.allergens),
      h('label', { class: 'choice' }, unknown, t(' Not checked yet: diners are told to ask the staff')),
      allergenBoxes('allergens', base?.allergens ?? []),
    );
    const traces = h('fieldset', { class: 'allergen-boxes' }, h('legend', null, LABELS.traces), allergenBoxes('traces', base?.traces ?? []));
    const flags = h('fieldset', null, h('legend', null, t('State')), box('featured', base?.featured ?? false), box('available', base?.available ?? true), box('archived', base?.archived ?? false));
    const message = h('div', { class: 'form-error', role: 'alert' });
    const saved = h('p', { class: 'outcome', role: 'status' }, (ctx.state as { saved?: string } | null)?.saved ?? '');
    const submit = h('button', { type: 'submit', class: 'button large' }, id ? t('Save changes') : t('Add dish'));

    const ticked = (key: string) => [...formNode.querySelectorAll<HTMLInputElement>(`input[name="${key}"]:checked`)].map((each) => each.value);
    const checked = (key: string) => (formNode.elements.namedItem(key) as HTMLInputElement).checked;
    const values = (): DishFields | null => {
      const priceCents = cents(price.value);
      if (priceCents === null) return null;
      return {
        name: name.value.trim(),
        description: description.value.trim(),
        nameIt: nameIt.value.trim() || null,
        descriptionIt: descriptionIt.value.trim() || null,
        priceCents,
        categoryId: Number(category.value),
        tags: ticked('tags'),
        allergens: unknown.checked ? null : (ticked('allergens') as Allergen[]),
        traces: ticked('traces') as Allergen[],
        featured: checked('featured'),
        available: checked('available'),
        archived: checked('archived'),
      };
    };
    const snapshot = () => JSON.stringify([name.value, description.value, nameIt.value, descriptionIt.value, price.value, category.value, [...formNode.querySelectorAll('input')].map((each) => each.checked)]);
    let clean = '';
    const dirty = () => snapshot() !== clean;

    // What someone else changed, in words: "Price: 14.50 → 16.00".
    const show = (key: keyof DishFields, dish: AdminDish) => {
      const value = dish[key];
      if (key === 'priceCents') return euros(value as number);
      if (key === 'categoryId') {
        const category = categories.find((each) => each.id === value);
        return category ? shownName(category) : String(value);
      }
      if (value === null) return key === 'allergens' ? t('not checked yet') : t('not translated yet');
      if (Array.isArray(value)) return value.join(', ') || t('none');
      if (typeof value === 'boolean') return value ? t('yes') : t('no');
      return String(value);
    };

    // Someone saved the dish first: what they changed, in words, above the button; what was
    // typed stays, and the next save is based on the dish as it is now.
    function heard(current: AdminDish) {
      const changes = (Object.keys(LABELS) as (keyof DishFields)[]).filter((key) => JSON.stringify(current[key]) !== JSON.stringify(base![key]));
      if (changes.length)
        message.replaceChildren(
          h('p', null, t('Someone saved this dish while you were editing it. What they changed:')),
          h('ul', null, changes.map((key) => h('li', null, `${LABELS[key]}: ${show(key, base!)} → ${show(key, current)}`))),
          h('p', null, t('Your changes are still in the form: save again to keep them.')),
        );
      base = current;
    }

    async function save(event: Event) {
      event.preventDefault();
      message.replaceChildren();
      saved.textContent = '';
      const fields = values();
      if (!fields) {
        message.textContent = t('Price must be in euros, such as 12.50.');
        price.focus();
        return;
      }
      submit.disabled = true;
      try {
        const dish = base ? await admin.updateDish(base.id, base.version, base.italianToReview && reviewed.checked ? { ...fields, italianReviewed: true } : fields) : await admin.createDish(fields);
        base = dish;
        review.hidden = !dish.italianToReview;
        reviewed.checked = false;
        clean = snapshot();
        drafts?.saved(dish.version);
        saved.textContent = t('Saved {name}.', { name: dish.name });
        // The new dish has its own address now: the same entry, with what was said kept.
        if (!id) ctx.navigate(`/admin/dishes/${dish.id}`, { replace: true, state: { saved: saved.textContent } });
      } catch (error) {
        const current = (error as { body?: { dish?: AdminDish } }).body?.dish;
        if (current && base) heard(current);
        else {
          message.textContent = failureText(error);
          const field = (error as { body?: { field?: string } }).body?.field;
          if (field) formNode.querySelector<HTMLElement>(`#dish-${field === 'priceCents' ? 'price' : field === 'categoryId' ? 'category' : field.split('.')[0]}`)?.focus();
        }
      } finally {
        submit.disabled = false;
      }
    }

    const formNode = h(
      'form',
      { class: 'form admin-form', onsubmit: save, oninput: showMissing, novalidate: true },
      h(
        'div',
        { class: 'side-by-side' },
        h('fieldset', null, h('legend', { lang: 'en' }, LANGUAGE_NAMES.en), h('label', { for: 'dish-name' }, LABELS.name), name, h('label', { for: 'dish-description' }, LABELS.description), description),
        h('fieldset', null, h('legend', { lang: 'it' }, LANGUAGE_NAMES.it), h('label', { for: 'dish-nameIt' }, LABELS.nameIt), nameIt, h('label', { for: 'dish-descriptionIt' }, LABELS.descriptionIt), descriptionIt),
      ),
      missing,
      review,
      h('label', { for: 'dish-price' }, t('Price (€)')),
      price,
      h('p', { id: 'dish-price-hint', class: 'hint' }, t('In euros, such as 12.50.')),
      h('label', { for: 'dish-category' }, LABELS.categoryId),
      category,
      tags,
      allergens,
      traces,
      flags,
      message,
      submit,
      saved,
    );
    clean = snapshot();
    // Its groups of choices, saved on their own on the dish's version (admin-dish-choices.ts).
    const choices =
      base &&
      dishChoicesForm(
        admin,
        base.id,
        {
          now: () => base!.version,
          moved: (version) => (base = { ...base!, version }),
          stale: async () => heard(await admin.dish(base!.id, ctx.signal)),
        },
        ctx.signal,
      );
    ctx.signal.addEventListener('abort', blocking.block(() => dirty() || (choices?.dirty() ?? false)));
    // Kept in this browser until saved: a reload or a closed tab offers it back (draft.ts).
    const draft = keepDraft(formNode, id ? `dish-${id}` : `dish-new-${ctx.query.get('category') ?? ''}`, base?.version ?? null);
    drafts = draft;
    return h('div', null, draft.notice, formNode, choices?.node, base ? pictureForm(base) : null);

    // The photo: uploaded on its own (it is checked and made anew by the server).
    function pictureForm(dish: AdminDish): Node {
      const preview = h('img', { src: dish.image, alt: t('The picture of {name}', { name: dish.name }), width: 400, height: 300, class: 'admin-picture' });
      const file = h('input', { id: 'dish-picture', type: 'file', accept: 'image/jpeg,image/png,image/webp' });
      const status = h('p', { class: 'outcome', role: 'status' });
      const upload = async (event: Event) => {
        event.preventDefault();
        const chosen = file.files?.[0];
        if (!chosen || !base) {
          status.textContent = t('Choose a photo first.');
          return;
        }
        status.textContent = t('Uploading…');
        try {
          base = await admin.uploadPicture(base.id, base.version, chosen);
          preview.src = base.image;
          status.textContent = t('The new picture is on the menu.');
        } catch (error) {
          status.textContent = failureText(error);
        }
      };
      return h(
        'form',
        { class: 'form admin-form', onsubmit: upload },
        h('h2', null, t('Picture')),
        preview,
        h('label', { for: 'dish-picture' }, t('A photo (JPEG, PNG or WebP, up to 5 MB)')),
        file,
        h('button', { type: 'submit', class: 'button secondary' }, t('Upload picture')),
        status,
      );
    }
  }

  return page;
};
