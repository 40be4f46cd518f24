// A dish's choices form (src/site/diner/dish-choices.ts) and a kitchen's Sold out of one
// option (src/site/kitchen/sold-out-panel.ts), in happy-dom: the allergens that follow
// the choices, a sold-out option never chosen (even on a line being changed), what is missing
// said on the group's inputs, and the group's version that every option of it shares.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChoiceGroup, KitchenOption } from '../../src/shared/choices.js';
import { RequestError } from '../../src/core/http.js';
import { dishChoices } from '../../src/site/diner/dish-choices.js';
import { soldOutPanel } from '../../src/site/kitchen/sold-out-panel.js';
import { resetDom } from '../helpers/dom.js';
import { fakeKitchen, settle } from '../helpers/site.js';

const option = (id: number, name: string, more: Partial<ChoiceGroup['options'][number]> = {}) => ({ id, name, priceCents: 0, addsAllergens: [], removesAllergens: [], available: true, ...more });
const GROUPS: ChoiceGroup[] = [
  { id: 1, name: 'Base', kind: 'choose', min: 1, max: 1, options: [option(10, 'Classic'), option(11, 'Gluten-free base', { removesAllergens: ['gluten'], priceCents: 150 })] },
  { id: 2, name: 'Sides', kind: 'choose', min: 0, max: 2, options: [option(20, 'Garlic bread', { addsAllergens: ['gluten'], priceCents: 300 }), option(21, 'Truffle', { available: false, priceCents: 400 })] },
];

const Form = suite('a dish’s choices form');
Form.before.each(() => resetDom());

const tick = (form: HTMLElement, id: number, checked = true) => {
  const input = form.querySelector<HTMLInputElement>(`input[value="${id}"]`)!;
  input.checked = checked;
  input.dispatchEvent(new Event('change', { bubbles: true }));
};

Form('the allergens follow the choices: what one takes away, another brings back', () => {
  const picker = dishChoices(GROUPS, () => {});
  document.body.append(picker.node);
  assert.equal(picker.allergens(['gluten', 'milk']), ['gluten', 'milk']);
  tick(picker.node, 11);
  assert.equal(picker.allergens(['gluten', 'milk']), ['milk'], 'the gluten-free base takes gluten away');
  tick(picker.node, 20);
  assert.equal(picker.allergens(['gluten', 'milk']), ['gluten', 'milk'], 'garlic bread brings it back');
  assert.is(picker.cents(), 450);
  assert.is(picker.allergens(null), null, 'not filled in stays not filled in');
});

Form('a line being changed: a sold-out option it had is shown, not ticked, nor counted', () => {
  let changes = 0;
  const picker = dishChoices(GROUPS, () => changes++);
  document.body.append(picker.node);
  picker.prefill({ choices: { ids: [10, 21] } });
  assert.is(changes, 1, 'the price and the allergens are drawn for it');
  assert.equal([...picker.node.querySelectorAll<HTMLInputElement>('input:checked')].map((input) => input.value), ['10']);
  assert.is(picker.cents(), 0);
  assert.equal(picker.state(), { choices: { ids: [10] } });
  assert.equal(picker.chosen(), { choices: { ids: [10], text: 'Classic', cents: 0 } });
});

Form('what a group still needs is said beside it and on its inputs, and cleared by a change', () => {
  const picker = dishChoices(GROUPS, () => {});
  document.body.append(picker.node);
  assert.is(picker.chosen(), null);
  assert.is(document.getElementById('choice-error-1')!.textContent, 'Choose one.');
  const classic = picker.node.querySelector<HTMLInputElement>('input[value="10"]')!;
  assert.equal([classic.getAttribute('aria-invalid'), classic.getAttribute('aria-describedby')], ['true', 'choice-error-1']);
  assert.is(document.activeElement, classic, 'focus on the group’s first option');
  assert.is(picker.node.querySelector('legend')!.textContent, 'Base Choose 1');
  tick(picker.node, 10);
  assert.equal([document.getElementById('choice-error-1')!.textContent, classic.getAttribute('aria-invalid')], ['', null]);
});

Form.run();

const Panel = suite('a kitchen’s Sold out of one option');
Panel.before.each(() => resetDom());

Panel('two options of one group, one after the other: the second is sent on the version the first moved on', async () => {
  const options: KitchenOption[] = [
    { id: 20, name: 'Buffalo mozzarella', group: { id: 2, name: 'Extras' }, available: true, version: 4 },
    { id: 21, name: 'Nduja', group: { id: 2, name: 'Extras' }, available: true, version: 4 },
    { id: 30, name: 'Onion', group: { id: 3, name: 'Without' }, available: true, version: 9 },
  ];
  const { api } = fakeKitchen({ dishes: async () => ({ dishes: [], next: null }), options: async () => options });
  const sent: string[] = [];
  api.setOptionAvailable = async (option, available) => {
    sent.push(`${option.id} v${option.version}`);
    return { ...option, available, version: option.version + 1 };
  };
  const panel = soldOutPanel(api, new AbortController().signal, () => false);
  document.body.append(panel);
  await settle();
  const search = panel.querySelector<HTMLInputElement>('#sold-out-search')!;
  for (const name of ['mozzarella', 'nduja', 'onion']) {
    search.value = name;
    search.dispatchEvent(new Event('input'));
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await settle();
  }
  assert.equal(sent, ['20 v4', '21 v5', '30 v9']);
  search.value = '';
  search.dispatchEvent(new Event('input'));
  assert.equal([...panel.querySelectorAll('.sold-out-list li span')].map((span) => span.textContent), ['Buffalo mozzarella · Extras', 'Nduja · Extras', 'Onion · Without']);
});

Panel('a refusal is said in the API’s words, not as an HTTP status', async () => {
  const options: KitchenOption[] = [{ id: 20, name: 'Buffalo mozzarella', group: { id: 2, name: 'Extras' }, available: true, version: 4 }];
  const { api } = fakeKitchen({ dishes: async () => ({ dishes: [], next: null }), options: async () => options });
  const message = 'Extras was changed meanwhile (by Ada Lovelace): look again, then mark it.';
  api.setOptionAvailable = async () => Promise.reject(new RequestError(409, 'Request failed (HTTP 409)', false, { code: 'conflict', message }));
  const panel = soldOutPanel(api, new AbortController().signal, () => false);
  document.body.append(panel);
  await settle();
  const search = panel.querySelector<HTMLInputElement>('#sold-out-search')!;
  search.value = 'mozzarella';
  search.dispatchEvent(new Event('input'));
  panel.querySelector<HTMLButtonElement>('button[data-entry]')!.click();
  await settle();
  assert.is(panel.querySelector('[role="status"]')!.textContent, message);
});

Panel.run();
