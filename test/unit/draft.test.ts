// Drafts of the owner's forms (views/admin/draft.ts) in happy-dom: only the fields changed are
// kept; a draft is offered, not applied; broken or foreign stored JSON is dropped quietly.
import '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { h } from '../../src/core/dom.js';
import { keepDraft } from '../../src/site/admin/draft.js';

const Draft = suite('drafts of the owner’s forms');
Draft.before.each(() => localStorage.clear());

const form = (name = 'Carbonara', price = '14.50') =>
  h('form', null, h('input', { id: 'name', value: name }), h('input', { id: 'price', value: price }), h('input', { type: 'checkbox', name: 'tags', value: 'vegan' }));

const type = (field: HTMLInputElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

Draft('only the changed fields are kept, with the time and the version; undoing by hand forgets it', () => {
  const page = form();
  keepDraft(page, 'dish-6', 3);
  type(page.querySelector<HTMLInputElement>('#price')!, '16.00');
  const stored = JSON.parse(localStorage.getItem('tavola.draft.dish-6')!);
  assert.equal([stored.version, stored.fields, typeof stored.at], [3, { price: '16.00' }, 'number']);
  type(page.querySelector<HTMLInputElement>('#price')!, '14.50');
  assert.is(localStorage.getItem('tavola.draft.dish-6'), null);
});

Draft('a kept draft is offered, not applied; Restore puts back only its fields', () => {
  localStorage.setItem('tavola.draft.dish-6', JSON.stringify({ at: Date.UTC(2026, 10, 26, 16, 20), version: 3, fields: { price: '16.00', 'tags=vegan': true } }));
  const page = form('Carbonara della casa'); // someone renamed it meanwhile
  const draft = keepDraft(page, 'dish-6', 4);
  assert.is(page.querySelector<HTMLInputElement>('#price')!.value, '14.50', 'not applied unasked');
  assert.match(draft.notice.textContent!, 'You have changes to this form that were not saved, from Thursday');
  assert.match(draft.notice.textContent!, 'It was saved by someone else since: look over the fields before saving.');
  [...draft.notice.querySelectorAll('button')].find((button) => button.textContent === 'Restore my changes')!.click();
  assert.equal([page.querySelector<HTMLInputElement>('#name')!.value, page.querySelector<HTMLInputElement>('#price')!.value, page.querySelector<HTMLInputElement>('input[name=tags]')!.checked], ['Carbonara della casa', '16.00', true]);
  assert.is(draft.notice.textContent, '');
  draft.saved(5);
  assert.is(localStorage.getItem('tavola.draft.dish-6'), null, 'a save forgets it');
});

Draft('broken or foreign stored JSON is dropped quietly; a draft equal to the form offers nothing', () => {
  for (const stored of ['{not json', '"a string"', '{"at":"yesterday","fields":{}}', 'null']) {
    localStorage.setItem('tavola.draft.restaurant', stored);
    const draft = keepDraft(form(), 'restaurant', 1);
    assert.is(draft.notice.textContent, '', stored);
  }
  assert.is(localStorage.getItem('tavola.draft.restaurant') === '{not json', false, 'unreadable JSON removed');
  localStorage.setItem('tavola.draft.restaurant', JSON.stringify({ at: 1, version: 1, fields: { price: '14.50' } }));
  assert.is(keepDraft(form(), 'restaurant', 1).notice.textContent, '');
});

Draft.run();
