// A dish's choices in the database: the groups the owner writes (each with its options, in
// order), the dishes that list each group, and a dish's groups as diners read them in their
// language. A group is written whole, on its version: an option given with its id is that
// option changed, one without is new, and one left out is archived (kept, so the orders that
// chose it still name it). Every change is in the activity list.
import type { Kysely } from 'kysely';
import type { AdminChoiceGroup, ChoiceGroup, ChoiceGroupFields, KitchenOption } from '../../shared/choices.js';
import type { Choosing } from '../../shared/menu-records.js';
import { groupProblem, MOST_GROUPS } from '../../shared/choices.js';
import { recordActivity, type Actor, type Subject } from '../activity/index.js';
import type { Database, Db } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { language, t } from '../http/language.js';
import { bitsOf, codesOf } from './allergen-bits.js';
import { italianHeld } from './content-language.js';

type Trx = Kysely<Database>;

const groupSubject = (group: { id: number; name: string }): Subject => ({ kind: 'Choices', id: group.id, names: [group.name] });

/** Every group with its options (not archived) and the dishes that list it, by id. */
export async function adminGroups(db: Trx, only?: number): Promise<AdminChoiceGroup[]> {
  let groups = db.selectFrom('choice_groups').selectAll().orderBy('id');
  let options = db.selectFrom('choice_options').selectAll().where('archived', '=', 0).orderBy('group_id').orderBy('position');
  let dishes = db.selectFrom('dish_choice_groups').select(['group_id', 'dish_id']).orderBy('dish_id');
  if (only !== undefined) {
    groups = groups.where('id', '=', only);
    options = options.where('group_id', '=', only);
    dishes = dishes.where('group_id', '=', only);
  }
  const [groupRows, optionRows, dishRows] = await Promise.all([groups.execute(), options.execute(), dishes.execute()]);
  return groupRows.map((group) => ({
    id: group.id,
    name: group.name,
    nameIt: group.name_it,
    kind: group.kind,
    min: group.min_choices,
    max: group.max_choices,
    options: optionRows
      .filter((option) => option.group_id === group.id)
      .map((option) => ({ id: option.id, name: option.name, nameIt: option.name_it, priceCents: option.price_cents, addsAllergens: codesOf(option.adds_allergens), removesAllergens: codesOf(option.removes_allergens), available: option.available === 1 })),
    dishes: dishRows.filter((row) => row.group_id === group.id).map((row) => row.dish_id),
    version: group.version,
  }));
}

async function adminGroup(db: Trx, id: number): Promise<AdminChoiceGroup> {
  const [group] = await adminGroups(db, id);
  if (!group) throw new ApiError(404, 'not_found', t('No group of choices has the id {id}.', { id }));
  return group;
}

/** Refuses a group that could never be ordered as written (the field named). */
function check(fields: ChoiceGroupFields) {
  const found = groupProblem(fields);
  if (!found) return;
  const words = {
    min_over_max: () => t('A group’s minimum ({min}) cannot be over its maximum ({max}).', { min: fields.min, max: fields.max }),
    min_over_options: () => t('A group that asks for {min} choices needs at least {min} options.', { min: fields.min }),
    without_required: () => t('Leaving something out is never required: a “without” group’s minimum is 0.'),
    without_priced: () => t('Leaving something out costs nothing: a “without” option’s price change is 0.'),
    same_name: () => t('Two options of a group have the same name.'),
    same_option: () => t('An option is listed twice in this group.'),
  }[found.problem]();
  throw new ApiError(400, 'invalid_field', words, { field: found.field });
}

/** Writes the options of group `id` as given: changed by id, new without, the others archived. */
async function writeOptions(trx: Trx, id: number, options: ChoiceGroupFields['options']) {
  const kept = new Set<number>();
  for (const [position, option] of options.entries()) {
    const values = { name: option.name.trim(), name_it: option.nameIt?.trim() || null, price_cents: option.priceCents, adds_allergens: bitsOf(option.addsAllergens), removes_allergens: bitsOf(option.removesAllergens), available: option.available ? 1 : 0, position };
    if (option.id === undefined) {
      const row = await trx.insertInto('choice_options').values({ group_id: id, ...values }).returning('id').executeTakeFirstOrThrow();
      kept.add(row.id);
      continue;
    }
    const changed = await trx.updateTable('choice_options').set({ ...values, archived: 0 }).where('id', '=', option.id).where('group_id', '=', id).executeTakeFirst();
    if (!Number(changed.numUpdatedRows)) throw new ApiError(400, 'invalid_field', t('Option {id} is not one of this group’s.', { id: option.id }), { field: `options.${position}.id` });
    kept.add(option.id);
  }
  const gone = await trx.selectFrom('choice_options').select('id').where('group_id', '=', id).where('archived', '=', 0).execute();
  const archived = gone.map((row) => row.id).filter((optionId) => !kept.has(optionId));
  if (archived.length) await trx.updateTable('choice_options').set({ archived: 1 }).where('id', 'in', archived).execute();
}

export function createGroup(db: Db, fields: ChoiceGroupFields, actor: Actor): Promise<AdminChoiceGroup> {
  check(fields);
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('choice_groups').values({ name: fields.name.trim(), name_it: fields.nameIt?.trim() || null, kind: fields.kind, min_choices: fields.min, max_choices: fields.max }).returning('id').executeTakeFirstOrThrow();
    await writeOptions(trx, row.id, fields.options);
    const group = await adminGroup(trx, row.id);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'choices.created', subject: groupSubject(group), before: null, after: group });
    return group;
  });
}

/** Group `id` written whole on its `version` (a stale one is a 409 with the group as it is). */
export function updateGroup(db: Db, id: number, version: number, fields: ChoiceGroupFields, actor: Actor): Promise<AdminChoiceGroup> {
  check(fields);
  return db.transaction().execute(async (trx) => {
    const before = await adminGroup(trx, id);
    const taken = await trx
      .updateTable('choice_groups')
      .set({ name: fields.name.trim(), name_it: fields.nameIt?.trim() || null, kind: fields.kind, min_choices: fields.min, max_choices: fields.max, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!Number(taken.numUpdatedRows)) throw new ApiError(409, 'conflict', t('{what} was changed by someone else meanwhile. Here it is as it is now.', { what: before.name }), { more: { group: before } });
    await writeOptions(trx, id, fields.options);
    const group = await adminGroup(trx, id);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'choices.updated', subject: groupSubject(group), before, after: group });
    return group;
  });
}

/** The groups dish `id` lists, in order, and the dish's version (the one a change is sent on). */
export async function groupsOfDish(db: Trx, id: number): Promise<{ version: number; groups: number[] }> {
  const dish = await db.selectFrom('dishes').select('version').where('id', '=', id).executeTakeFirst();
  if (!dish) throw new ApiError(404, 'not_found', t('No dish has the id {id}.', { id }));
  const rows = await db.selectFrom('dish_choice_groups').select('group_id').where('dish_id', '=', id).orderBy('position').execute();
  return { version: dish.version, groups: rows.map((row) => row.group_id) };
}

/**
 * The groups dish `id` lists, in order, on the dish's `version` (the dish's version moves on:
 * its editor is told it changed). Answers the dish's new version and its groups.
 */
export function setDishGroups(db: Db, id: number, version: number, groups: number[], actor: Actor): Promise<{ version: number; groups: number[] }> {
  if (new Set(groups).size !== groups.length) throw new ApiError(400, 'invalid_field', t('A dish lists each group once.'), { field: 'groups' });
  if (groups.length > MOST_GROUPS) throw new ApiError(400, 'invalid_field', t('A dish lists at most {count} groups of choices.', { count: MOST_GROUPS }), { field: 'groups' });
  return db.transaction().execute(async (trx) => {
    const dish = await trx.selectFrom('dishes').select(['id', 'name', 'version']).where('id', '=', id).executeTakeFirst();
    if (!dish) throw new ApiError(404, 'not_found', t('No dish has the id {id}.', { id }));
    const before = (await trx.selectFrom('dish_choice_groups').select('group_id').where('dish_id', '=', id).orderBy('position').execute()).map((row) => row.group_id);
    // The dish's version moves on first, on the one named: two writers at once cannot both pass.
    const taken = await trx.updateTable('dishes').set({ version: version + 1 }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (!Number(taken.numUpdatedRows)) throw new ApiError(409, 'conflict', t('{what} was changed by someone else meanwhile. Here it is as it is now.', { what: dish.name }), { more: { dish: { id, version: dish.version, groups: before } } });
    const known = groups.length ? await trx.selectFrom('choice_groups').select('id').where('id', 'in', groups).execute() : [];
    const unknown = groups.find((group) => !known.some((row) => row.id === group));
    if (unknown !== undefined) throw new ApiError(400, 'invalid_field', t('No group of choices has the id {id}.', { id: unknown }), { field: 'groups' });
    await trx.deleteFrom('dish_choice_groups').where('dish_id', '=', id).execute();
    if (groups.length) await trx.insertInto('dish_choice_groups').values(groups.map((group, position) => ({ dish_id: id, group_id: group, position }))).execute();
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'dish.choices_changed', subject: { kind: 'Dish', id, names: [dish.name] }, before: { groups: before }, after: { groups } });
    return { version: version + 1, groups };
  });
}

/** The groups of `dish` as diners read them: in its order, names in the language asked (English while Italian is held), options not archived. */
/** The groups dish `dish` lists, in its order, and their options not archived (by group, in order): as stored. */
export async function dishChoiceRows(db: Trx, dish: number) {
  const groups = await db
    .selectFrom('dish_choice_groups')
    .innerJoin('choice_groups', 'choice_groups.id', 'dish_choice_groups.group_id')
    .select(['choice_groups.id', 'choice_groups.name', 'choice_groups.name_it', 'choice_groups.kind', 'choice_groups.min_choices', 'choice_groups.max_choices'])
    .where('dish_choice_groups.dish_id', '=', dish)
    .orderBy('dish_choice_groups.position')
    .execute();
  if (!groups.length) return { groups, options: [] };
  const options = await db
    .selectFrom('choice_options')
    .selectAll()
    .where(
      'group_id',
      'in',
      groups.map((group) => group.id),
    )
    .where('archived', '=', 0)
    .orderBy('group_id')
    .orderBy('position')
    .execute();
  return { groups, options };
}

/** The options of every group (`only`: that one, archived or not), for the kitchen. */
export async function kitchenOptions(db: Trx, only?: number): Promise<KitchenOption[]> {
  let rows = db
    .selectFrom('choice_options')
    .innerJoin('choice_groups', 'choice_groups.id', 'choice_options.group_id')
    .select(['choice_options.id', 'choice_options.name', 'choice_options.name_it', 'choice_options.available', 'choice_groups.id as group_id', 'choice_groups.name as group_name', 'choice_groups.name_it as group_name_it', 'choice_groups.version'])
    .orderBy('choice_groups.id')
    .orderBy('choice_options.position');
  rows = only === undefined ? rows.where('choice_options.archived', '=', 0) : rows.where('choice_options.id', '=', only);
  // Italian while the owner has not held the Italian words back (as diners read them).
  const italian = language() === 'it' && !(await italianHeld(db));
  return (await rows.execute()).map((row) => ({
    id: row.id,
    name: (italian && row.name_it) || row.name,
    group: { id: row.group_id, name: (italian && row.group_name_it) || row.group_name },
    available: row.available === 1,
    version: row.version,
  }));
}

/**
 * Option `id` sold out or back, on its group's `version` (which moves on: the owner's editor
 * is told it changed); a stale one is a 409 with the option as it is now.
 */
export function setOptionAvailable(db: Db, id: number, version: number, available: boolean, actor: Actor): Promise<KitchenOption> {
  return db.transaction().execute(async (trx) => {
    const [before] = await kitchenOptions(trx, id);
    // The activity keeps the names as written (English), as for every record: each reader's language says the rest.
    const row = await trx.selectFrom('choice_options').innerJoin('choice_groups', 'choice_groups.id', 'choice_options.group_id').select(['choice_options.archived', 'choice_options.name', 'choice_groups.name as group']).where('choice_options.id', '=', id).executeTakeFirst();
    if (!before || !row || row.archived) throw new ApiError(404, 'not_found', t('No option has the id {id}.', { id }));
    const taken = await trx.updateTable('choice_groups').set({ version: version + 1 }).where('id', '=', before.group.id).where('version', '=', version).executeTakeFirst();
    if (!Number(taken.numUpdatedRows)) throw new ApiError(409, 'conflict', t('{what} was changed by someone else meanwhile. Here it is as it is now.', { what: before.name }), { more: { option: before } });
    await trx.updateTable('choice_options').set({ available: available ? 1 : 0 }).where('id', '=', id).execute();
    const [after] = await kitchenOptions(trx, id);
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'choices.updated', subject: groupSubject({ id: before.group.id, name: row.group }), before: { option: row.name, available: before.available }, after: { option: row.name, available } });
    return after!;
  });
}

/** Each of `dishes` that lists groups of choices: `required` when one of its groups must be chosen from, `optional` otherwise (a dish not in the map has none). */
export async function choosingOf(db: Trx, dishes: readonly number[]): Promise<Map<number, Choosing>> {
  if (!dishes.length) return new Map();
  const rows = await db
    .selectFrom('dish_choice_groups')
    .innerJoin('choice_groups', 'choice_groups.id', 'dish_choice_groups.group_id')
    .select((eb) => ['dish_choice_groups.dish_id as dish', eb.fn.max('choice_groups.min_choices').as('least')])
    .where('dish_choice_groups.dish_id', 'in', dishes)
    .groupBy('dish_choice_groups.dish_id')
    .execute();
  return new Map(rows.map((row) => [row.dish, Number(row.least) > 0 ? 'required' : 'optional']));
}

export async function choicesOfDish(db: Trx, dish: number, italianHeld: boolean): Promise<ChoiceGroup[]> {
  const { groups, options } = await dishChoiceRows(db, dish);
  const italian = language() === 'it' && !italianHeld;
  const said = (row: { name: string; name_it: string | null }) => (italian && row.name_it ? row.name_it : row.name);
  return groups.map((group) => ({
    id: group.id,
    name: said(group),
    kind: group.kind,
    min: group.min_choices,
    max: group.max_choices,
    options: options
      .filter((option) => option.group_id === group.id)
      .map((option) => ({ id: option.id, name: said(option), priceCents: option.price_cents, addsAllergens: codesOf(option.adds_allergens), removesAllergens: codesOf(option.removes_allergens), available: option.available === 1 })),
  }));
}
