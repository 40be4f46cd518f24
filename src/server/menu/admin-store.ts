// The owner's side of the menu: categories and dishes as the editor sees them (archived
// dishes too, with versions), and every change to them. Each change runs in one
// transaction that checks the version it was based on (a stale one is a 409 with the
// record as it is now), writes, and records itself in the activity list.
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import { recordActivity, subjectWords, type Actor, type Subject } from '../activity/index.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect.js';
import { bitsOf, codesOf } from './allergen-bits.js';
import { afterDish, parseTags } from './store.js';
import { PICTURE_WIDTHS, pictureUrl } from '../pictures/index.js';
import type { Database } from '../db/schema.js';
import { fold, searchText } from './search.js';
import { rememberWords } from './search-words.js';
import { checkStation, defaultStation } from '../displays/index.js';
import type { AdminCategory, AdminDish, DishChange, DishFields } from '../../shared/admin-records.js';
import { t } from '../http/language.js';
import { italianToReview } from '../../shared/italian-review.js';

export interface CategoryFields {
  name: string;
  description: string;
  nameIt?: string | null;
  descriptionIt?: string | null;
  /** The station that cooks its dishes (the default station for a new category unless given). */
  station?: number;
  /** Its dishes' VAT rate, hundredths of a percent. */
  vatBp?: number;
  /** The course of its dishes (shared/courses.ts); the first for a new category unless given. */
  course?: number;
  /** A change only: the Italian still holds for the English as it is now. */
  italianReviewed?: true;
}


type Trx = Kysely<Database>;

const toDish = (row: Awaited<ReturnType<typeof dishRow>>): AdminDish | undefined =>
  row && {
    id: row.id,
    name: row.name,
    description: row.description,
    nameIt: row.name_it,
    descriptionIt: row.description_it,
    italianToReview: row.italian_to_review === 1,
    priceCents: row.price_cents,
    categoryId: row.category_id,
    tags: parseTags(row.tags),
    allergens: row.allergens === null ? null : codesOf(row.allergens),
    traces: codesOf(row.traces),
    featured: row.featured === 1,
    available: row.available === 1,
    archived: row.archived_at !== null,
    image: row.picture ? pictureUrl(row.picture, PICTURE_WIDTHS[1]) : row.image,
    uploaded: row.picture !== null,
    version: row.version,
  };

const dishRow = (db: Trx, id: number) => db.selectFrom('dishes').selectAll().where('id', '=', id).executeTakeFirst();

export const findAdminDish = async (db: Db, id: number) => toDish(await dishRow(db, id));

const categoryQuery = (db: Trx) =>
  db
    .selectFrom('categories')
    .select((eb) => [
      'id',
      'slug',
      'name',
      'description',
      'name_it as nameIt',
      'description_it as descriptionIt',
      'italian_to_review as italianToReview',
      'position',
      'version',
      'station_id as station',
      'vat_bp as vatBp',
      'course',
      eb.selectFrom('dishes').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('dishes.category_id', '=', 'categories.id').where('dishes.archived_at', 'is', null).as('dishCount'),
    ]);

const toCategory = <T extends { dishCount: unknown; italianToReview: unknown }>(row: T) => ({ ...row, dishCount: Number(row.dishCount), italianToReview: Number(row.italianToReview) === 1 });

export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  return (await categoryQuery(db).orderBy('position').execute()).map(toCategory);
}

/** The whole menu as the editor draws it: every category in menu order with all its dishes (archived ones too), in one read. */
export async function listAdminMenu(db: Db): Promise<(AdminCategory & { dishes: AdminDish[] })[]> {
  const [categories, rows] = await Promise.all([listAdminCategories(db), db.selectFrom('dishes').selectAll().orderBy('position').orderBy('id').execute()]);
  const byCategory = new Map(categories.map((category) => [category.id, { ...category, dishes: [] as AdminDish[] }]));
  for (const row of rows) byCategory.get(row.category_id)?.dishes.push(toDish(row)!);
  return [...byCategory.values()];
}

/** A category's dishes, archived ones too, in menu order, a page at a time (through `dishes_menu_order`). */
export async function listAdminDishes(db: Db, categoryId: number, { after, limit }: { after?: number; limit: number }) {
  let query = db.selectFrom('dishes').selectAll().where('category_id', '=', categoryId).orderBy('position').orderBy('id').limit(limit + 1);
  if (after !== undefined) {
    const from = await db.selectFrom('dishes').select('position').where('id', '=', after).where('category_id', '=', categoryId).executeTakeFirst();
    if (!from) throw invalid('after', t('after: no dish of this category has the id {after}. Start again from the first page.', { after }));
    query = query.where(afterDish(from.position, after));
  }
  const rows = await query.execute();
  const dishes = rows.slice(0, limit).map((row) => toDish(row)!);
  return { dishes, next: rows.length > limit ? dishes.at(-1)!.id : null };
}

const invalid = (field: string, message: string) => new ApiError(400, 'invalid_field', message, { field });
const dishSubject = (dish: { id: number; name: string }): Subject => ({ kind: 'Dish', id: dish.id, names: [dish.name] });
const categorySubject = (category: { id: number; name: string }): Subject => ({ kind: 'Category', id: category.id, names: [category.name] });

async function categoryFor(trx: Trx, categoryId: number) {
  const category = await trx.selectFrom('categories').select(['slug', 'name', 'name_it as nameIt']).where('id', '=', categoryId).executeTakeFirst();
  if (!category) throw invalid('categoryId', `There is no category ${categoryId}.`);
  return category;
}

/** The place after the last dish of the category: where a new dish, or one moved there, goes. */
async function lastPlace(trx: Trx, categoryId: number): Promise<number> {
  const last = await trx.selectFrom('dishes').select('position').where('category_id', '=', categoryId).orderBy('position', 'desc').limit(1).executeTakeFirst();
  return last ? last.position + 1 : 0;
}

export function createDish(db: Db, fields: DishFields, actor: Actor): Promise<AdminDish> {
  return db.transaction().execute(async (trx) => {
    const category = await categoryFor(trx, fields.categoryId);
    const { id } = await trx
      .insertInto('dishes')
      .values({
        category_id: fields.categoryId,
        position: await lastPlace(trx, fields.categoryId),
        name: fields.name,
        description: fields.description,
        name_it: fields.nameIt,
        description_it: fields.descriptionIt,
        price_cents: fields.priceCents,
        tags: JSON.stringify(fields.tags),
        allergens: fields.allergens === null ? null : bitsOf(fields.allergens),
        traces: bitsOf(fields.traces),
        image: PLACEHOLDER_IMAGE,
        featured: fields.featured ? 1 : 0,
        available: fields.available ? 1 : 0,
        archived_at: fields.archived ? new Date(actor.now).toISOString() : null,
        search_text: searchText(fields, category),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await rememberWords(trx, searchText(fields, category));
    const dish = toDish(await dishRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'dish.created', subject: dishSubject(dish), before: null, after: dish });
    return dish;
  });
}

/** The drawn picture a new dish has until one is uploaded. */
export const PLACEHOLDER_IMAGE = '/images/dishes/placeholder.svg';

const stale = (what: string, current: unknown, key: string) =>
  new ApiError(409, 'conflict', t('{what} was changed by someone else meanwhile. Here it is as it is now.', { what }), { more: { [key]: current } });

/** Checks the version and loads the dish, inside `trx`. */
async function currentDish(trx: Trx, id: number, version: number): Promise<AdminDish> {
  const dish = toDish(await dishRow(trx, id));
  if (!dish) throw new ApiError(404, 'not_found', t('No dish has the id {id}.', { id }));
  if (dish.version !== version) throw stale(subjectWords(dishSubject(dish)), dish, 'dish');
  return dish;
}

export function updateDish(db: Db, id: number, version: number, { italianReviewed, ...changes }: DishChange, actor: Actor): Promise<AdminDish> {
  return db.transaction().execute(async (trx) => {
    const before = await currentDish(trx, id, version);
    const after = { ...before, ...changes };
    const category = await categoryFor(trx, after.categoryId);
    await trx
      .updateTable('dishes')
      .set({
        category_id: after.categoryId,
        position: after.categoryId === before.categoryId ? undefined : await lastPlace(trx, after.categoryId),
        name: after.name,
        description: after.description,
        name_it: after.nameIt,
        description_it: after.descriptionIt,
        italian_to_review: italianToReview(before, after, italianReviewed) ? 1 : 0,
        price_cents: after.priceCents,
        tags: JSON.stringify(after.tags),
        allergens: after.allergens === null ? null : bitsOf(after.allergens),
        traces: bitsOf(after.traces),
        featured: after.featured ? 1 : 0,
        available: after.available ? 1 : 0,
        archived_at: after.archived === before.archived ? undefined : after.archived ? new Date(actor.now).toISOString() : null,
        search_text: searchText(after, category),
        version: version + 1,
      })
      .where('id', '=', id)
      .execute();
    await rememberWords(trx, searchText(after, category));
    const dish = toDish(await dishRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: actionOf(changes, before), subject: dishSubject(dish), before, after: dish });
    return dish;
  });
}

// The name the activity list gives a change: the most telling thing it did.
function actionOf(changes: Partial<DishFields>, before: AdminDish): string {
  if (changes.archived !== undefined && changes.archived !== before.archived) return changes.archived ? 'dish.archived' : 'dish.restored';
  const keys = Object.keys(changes);
  if (keys.length === 1 && changes.available !== undefined) return changes.available ? 'dish.back_on' : 'dish.sold_out';
  // The form sends every field: what changed is what differs from before.
  const changed = keys.filter((key) => JSON.stringify(changes[key as keyof DishFields]) !== JSON.stringify(before[key as keyof DishFields]));
  if (changed.length && changed.every((key) => key === 'allergens' || key === 'traces')) return 'dish.allergens_changed';
  return 'dish.updated';
}

/**
 * `all` in order with the one whose id is `id` taken out and put back at `to` (0 first, past
 * the end last): where it was (`from`), where it goes (`index`), and the new order.
 */
function movedTo<T extends { id: number }>(all: T[], id: number, to: number) {
  const from = all.findIndex((each) => each.id === id);
  const others = all.filter((each) => each.id !== id);
  const index = Math.min(Math.max(to, 0), others.length);
  return { from, index, order: [...others.slice(0, index), all[from]!, ...others.slice(index)] };
}

/**
 * Puts the dish at `to` among its category's dishes (0 is first; past the end is last), the
 * others closing up around it: what a drag within a category, or Up and Down, does. Every dish
 * whose place changes gets a new version; the same place is no change (answered as it is).
 */
export function placeDish(db: Db, id: number, version: number, to: number, actor: Actor): Promise<AdminDish> {
  return db.transaction().execute(async (trx) => {
    const before = await currentDish(trx, id, version);
    const all = await trx.selectFrom('dishes').select(['id', 'position', 'version']).where('category_id', '=', before.categoryId).orderBy('position').orderBy('id').execute();
    const { from, index, order } = movedTo(all, id, to);
    if (index === from) return before;
    // Places 0, 1, 2… in the new order; only the dishes whose stored place differs are written.
    for (const [place, each] of order.entries()) {
      if (each.position !== place || each.id === id) await trx.updateTable('dishes').set({ position: place, version: each.version + 1 }).where('id', '=', each.id).execute();
    }
    const dish = toDish(await dishRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'dish.moved', subject: dishSubject(dish), before: { place: from + 1 }, after: { place: index + 1 } });
    return dish;
  });
}

/** Points the dish at a stored picture (pictures.ts wrote its bytes in the same transaction). */
export async function setDishPicture(trx: Trx, id: number, version: number, picture: string, actor: Actor): Promise<AdminDish> {
  const before = await currentDish(trx, id, version);
  await trx.updateTable('dishes').set({ picture, version: version + 1 }).where('id', '=', id).execute();
  const dish = toDish(await dishRow(trx, id))!;
  await recordActivity(trx, { by: actor.user, at: actor.now, action: 'dish.picture', subject: dishSubject(dish), before: before.image, after: dish.image });
  return dish;
}

const categoryRow = async (trx: Trx, id: number): Promise<AdminCategory | undefined> => {
  const row = await categoryQuery(trx).where('id', '=', id).executeTakeFirst();
  return row && toCategory(row);
};

async function currentCategory(trx: Trx, id: number, version: number) {
  const category = await categoryRow(trx, id);
  if (!category) throw new ApiError(404, 'not_found', t('No category has the id {id}.', { id }));
  if (category.version !== version) throw stale(subjectWords(categorySubject(category)), category, 'category');
  return category;
}

/** A slug for the menu's addresses: "Pizze & focacce" is `pizze-focacce`. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
  return slug || 'category';
}

export function createCategory(db: Db, fields: CategoryFields, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const last = await trx.selectFrom('categories').select('position').orderBy('position', 'desc').limit(1).executeTakeFirst();
    const base = slugOf(fields.name);
    const taken = new Set((await trx.selectFrom('categories').select('slug').where('slug', 'like', `${base}%`).execute()).map((row) => row.slug));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    let id: number;
    try {
      ({ id } = await trx
        .insertInto('categories')
        .values({
          slug,
          name: fields.name,
          description: fields.description,
          name_it: fields.nameIt ?? null,
          description_it: fields.descriptionIt ?? null,
          position: (last?.position ?? -1) + 1,
          station_id: fields.station === undefined ? await defaultStation(trx) : await checkStation(trx, fields.station, 'station'),
          ...(fields.vatBp !== undefined && { vat_bp: fields.vatBp }),
          ...(fields.course !== undefined && { course: fields.course }),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'conflict', t('Another category was added at the same moment. Please try again.'));
      throw error;
    }
    const category = (await categoryRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'category.created', subject: categorySubject(category), before: null, after: category });
    return category;
  });
}

export function updateCategory(db: Db, id: number, version: number, changes: Partial<CategoryFields>, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await currentCategory(trx, id, version);
    const { station, nameIt, descriptionIt, italianReviewed, vatBp, course, ...texts } = changes;
    if (station !== undefined) await checkStation(trx, station, 'station');
    const review = italianToReview(before, { name: texts.name ?? before.name, description: texts.description ?? before.description, nameIt: nameIt === undefined ? before.nameIt : nameIt, descriptionIt: descriptionIt === undefined ? before.descriptionIt : descriptionIt }, italianReviewed);
    await trx
      .updateTable('categories')
      .set({ ...texts, ...(nameIt !== undefined && { name_it: nameIt }), ...(descriptionIt !== undefined && { description_it: descriptionIt }), ...(station !== undefined && { station_id: station }), ...(vatBp !== undefined && { vat_bp: vatBp }), ...(course !== undefined && { course }), italian_to_review: review ? 1 : 0, version: version + 1 })
      .where('id', '=', id)
      .execute();
    const name = changes.name ?? before.name;
    const italian = nameIt === undefined ? before.nameIt : nameIt;
    if (name !== before.name || italian !== before.nameIt) {
      // Search finds dishes by their category's name too, in either language.
      const dishes = await trx.selectFrom('dishes').select(['id', 'name', 'description', 'name_it', 'description_it', 'tags']).where('category_id', '=', id).execute();
      for (const dish of dishes) {
        const text = searchText({ ...dish, nameIt: dish.name_it, descriptionIt: dish.description_it, tags: parseTags(dish.tags) }, { slug: before.slug, name, nameIt: italian });
        await trx.updateTable('dishes').set({ search_text: text }).where('id', '=', dish.id).execute();
      }
      await rememberWords(trx, fold(`${name} ${italian ?? ''}`));
    }
    const category = (await categoryRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'category.updated', subject: categorySubject(category), before, after: category });
    return category;
  });
}

/**
 * Puts the category at `to` in menu order (0 is first; past the end is last), the others
 * closing up around it: what a drag does. Every category whose place changes gets a new
 * version; the same place is no change (the category is answered as it is).
 */
export function placeCategory(db: Db, id: number, version: number, to: number, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await currentCategory(trx, id, version);
    const all = await trx.selectFrom('categories').select(['id', 'position', 'version']).orderBy('position').execute();
    const { from, index, order } = movedTo(all, id, to);
    // The positions there are, handed out in the new order; only those that change are written.
    const moved = order.map((each, i) => ({ ...each, to: all[i]!.position })).filter((each) => each.to !== each.position);
    if (!moved.length) return before;
    // Positions are unique: park each that moves, then give each its new one.
    for (const each of moved) await trx.updateTable('categories').set({ position: -1 - each.position }).where('id', '=', each.id).execute();
    for (const each of moved) await trx.updateTable('categories').set({ position: each.to, version: each.version + 1 }).where('id', '=', each.id).execute();
    const category = (await categoryRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: 'category.moved', subject: categorySubject(category), before: { place: from + 1 }, after: { place: index + 1 } });
    return category;
  });
}

/** Swaps the category with its neighbour above (`up`) or below (`down`); at either end it stays put. */
export function moveCategory(db: Db, id: number, version: number, direction: 'up' | 'down', actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await currentCategory(trx, id, version);
    const neighbour = await trx
      .selectFrom('categories')
      .select(['id', 'position', 'version'])
      .where('position', direction === 'up' ? '<' : '>', before.position)
      .orderBy('position', direction === 'up' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!neighbour) throw new ApiError(409, 'cannot_move', direction === 'up' ? t('{name} is already first.', { name: before.name }) : t('{name} is already last.', { name: before.name }));
    // Positions are unique: park one while the other takes its place.
    await trx.updateTable('categories').set({ position: -1 - before.position }).where('id', '=', id).execute();
    await trx.updateTable('categories').set({ position: before.position, version: neighbour.version + 1 }).where('id', '=', neighbour.id).execute();
    await trx.updateTable('categories').set({ position: neighbour.position, version: version + 1 }).where('id', '=', id).execute();
    const category = (await categoryRow(trx, id))!;
    await recordActivity(trx, { by: actor.user, at: actor.now, action: `category.moved_${direction}`, subject: categorySubject(category), before: { position: before.position }, after: { position: category.position } });
    return category;
  });
}
