// Menu queries: categories, dishes by filter a page at a time, one dish. Dishes are
// answered in the API's shape; a tags column that does not hold a JSON array reads as no tags.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { italianHeld, wordsIn } from './content-language.js';
import { language } from '../http/language.js';
import { ApiError } from '../http/errors.js';
import { PICTURE_WIDTHS, pictureUrl } from '../pictures/index.js';
import { bitsOf, codesOf } from './allergen-bits.js';
import type { Database, Db } from '../db/schema.js';
import { matchingDishes, queryWords } from './search.js';
import { withTypos } from './search-words.js';
import type { Choosing, Dish, DishFilter, DishPage } from '../../shared/menu-records.js';
import type { ChoiceGroup } from '../../shared/choices.js';
import { choicesOfDish, choosingOf } from './choices-store.js';
import { t } from '../http/language.js';

export interface PageRequest {
  /** The id of the last dish of the page before: this page starts after it, in menu order. */
  after?: number;
  limit: number;
}

export function parseTags(stored: string): string[] {
  try {
    const tags: unknown = JSON.parse(stored);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

const DISH_COLUMNS = ['dishes.id', 'dishes.name', 'dishes.description', 'dishes.name_it', 'dishes.description_it', 'dishes.price_cents', 'dishes.tags', 'dishes.image', 'dishes.picture', 'dishes.featured', 'dishes.available', 'dishes.version', 'dishes.allergens', 'dishes.traces'] as const;

const dishQuery = (db: Db) =>
  db.selectFrom('dishes').innerJoin('categories', 'categories.id', 'dishes.category_id').select([...DISH_COLUMNS, 'categories.slug as category']).where('dishes.archived_at', 'is', null);

type DishRow = Awaited<ReturnType<ReturnType<typeof dishQuery>['executeTakeFirstOrThrow']>>;

const toDish = (row: DishRow, held: boolean, choosing: Choosing): Dish => ({
  id: row.id,
  ...wordsIn(row, held),
  priceCents: row.price_cents,
  currency: 'EUR',
  category: row.category,
  tags: parseTags(row.tags),
  allergens: row.allergens === null ? null : codesOf(row.allergens),
  traces: codesOf(row.traces),
  image: row.picture ? pictureUrl(row.picture, PICTURE_WIDTHS[1]) : row.image,
  srcset: row.picture ? PICTURE_WIDTHS.map((width) => `${pictureUrl(row.picture!, width)} ${width}w`).join(', ') : null,
  featured: row.featured === 1,
  available: row.available === 1,
  version: row.version,
  choosing,
});

/**
 * One page of dishes. Without words to find: in menu order (category by position, then
 * dish by position, then id). With words: in dish id order (see search.ts). `category: 'all'` is no filter.
 * Either way a page is read through an index in its own order, one dish more than asked
 * to know whether another page follows.
 */
export async function listDishes(db: Db, filter: DishFilter, page: PageRequest): Promise<DishPage> {
  const words = queryWords(filter.q ?? '');
  if (filter.q?.trim() && !words.length) return { dishes: [], next: null }; // only punctuation: nothing has it
  const rows = words.length ? await searchPage(db, words, filter, page) : await menuPage(db, filter, page);
  const held = await heldIfItalian(db);
  const shown = rows.slice(0, page.limit);
  const [choosing, freed] = await Promise.all([choosingOf(db, shown.map((row) => row.id)), freedBy(db, shown, filter.without)]);
  const dishes = shown.map((row) => {
    const dish = toDish(row, held, choosing.get(row.id) ?? 'none');
    const option = freed.get(row.id);
    return option ? { ...dish, freeWith: option } : dish;
  });
  return { dishes, next: rows.length > page.limit ? dishes.at(-1)!.id : null };
}

// Category by category in menu order, each read from the index (category, position, id) or
// (featured, category, position, id): a few short index reads, and no sorting, at any size.
/** Dishes whose allergens are filled in and that contain none of `without`, not even as traces. */
/**
 * The dishes free of the allergens in `without` (their bits: `mask`), as they come or through one
 * choice: the allergens filled in, no trace of them (a choice cannot take a trace away), and
 * either none of them, or one option of the dish's groups, on sale, that takes away every one
 * the dish has and brings none back (gluten-free pasta). Either way, every group the diner must
 * choose from has as many options on sale that bring none of them as it asks for.
 */
const freeOf = (without: DishFilter['without']): Expression<SqlBool> | null => {
  const mask = bitsOf(without ?? []);
  if (!mask) return null;
  return sql<SqlBool>`dishes.allergens is not null and (dishes.traces & ${mask}) = 0
    and ((dishes.allergens & ${mask}) = 0 or exists (${freeingOption(mask)}))
    and not exists (
      select 1 from dish_choice_groups as g join choice_groups on choice_groups.id = g.group_id
      where g.dish_id = dishes.id and choice_groups.min_choices > 0
      and (select count(*) from choice_options as o where o.group_id = g.group_id and o.archived = 0 and o.available = 1 and (o.adds_allergens & ${mask}) = 0) < choice_groups.min_choices)`;
};

/** The options of a dish (`dishes.id` of the query around it) that make it free of `mask`'s allergens. */
const freeingOption = (mask: number) =>
  sql`select o.id from dish_choice_groups as g join choice_options as o on o.group_id = g.group_id
    where g.dish_id = dishes.id and o.archived = 0 and o.available = 1
    and (dishes.allergens & ${mask} & ~o.removes_allergens) = 0 and (o.adds_allergens & ${mask}) = 0`;

/** For the dishes of a page filtered by `without` that are free of those allergens only through a choice: that choice's name, in the language asked, and the allergens it takes away. */
async function freedBy(db: Db, dishes: readonly { id: number; allergens: number | null }[], without: DishFilter['without']): Promise<Map<number, NonNullable<Dish['freeWith']>>> {
  const mask = bitsOf(without ?? []);
  const through = dishes.filter((dish) => dish.allergens !== null && (dish.allergens & mask) !== 0).map((dish) => dish.id);
  if (!mask || !through.length) return new Map();
  const rows = await db
    .selectFrom('dishes')
    .innerJoin('dish_choice_groups as g', 'g.dish_id', 'dishes.id')
    .innerJoin('choice_options as o', 'o.group_id', 'g.group_id')
    .innerJoin('choice_groups', 'choice_groups.id', 'g.group_id')
    .select(['dishes.id as dish', 'o.name', 'o.name_it', 'choice_groups.kind'])
    .where('dishes.id', 'in', through)
    .where('o.archived', '=', 0)
    .where('o.available', '=', 1)
    .where(sql<SqlBool>`(dishes.allergens & ${mask} & ~o.removes_allergens) = 0 and (o.adds_allergens & ${mask}) = 0`)
    .orderBy('g.position')
    .orderBy('o.position')
    .execute();
  const italian = language() === 'it' && !(await italianHeld(db));
  const freed = new Map<number, NonNullable<Dish['freeWith']>>();
  const allergensOf = (id: number) => codesOf(dishes.find((dish) => dish.id === id)!.allergens! & mask);
  for (const row of rows) {
    if (freed.has(row.dish)) continue;
    const name = (italian && row.name_it) || row.name;
    // Something left out is said so ("without Parmesan"), as the cart says it.
    const option = row.kind === 'without' ? t('without {list}', { list: name }) : name;
    const allergens = allergensOf(row.dish);
    // Said here, in the language asked (the allergens' words are the site's): the card shows it as it comes.
    freed.set(row.dish, { option, allergens, said: t('Without {list}: choose {option}', { list: allergens.map((code) => t(code)).join(', '), option }) });
  }
  return freed;
}

async function menuPage(db: Db, { category, featured, without }: DishFilter, { after, limit }: PageRequest): Promise<DishRow[]> {
  const categories = await db.selectFrom('categories').select(['id', 'slug']).orderBy('position').execute();
  let start = 0;
  let from: { category_id: number; position: number } | undefined;
  if (after !== undefined) {
    from = await db.selectFrom('dishes').select(['category_id', 'position']).where('id', '=', after).executeTakeFirst();
    if (!from) throw unknownAfter(after);
    start = categories.findIndex((each) => each.id === from!.category_id);
  }
  const rows: DishRow[] = [];
  for (const [i, each] of categories.entries()) {
    if (i < start || (category && category !== 'all' && each.slug !== category)) continue;
    let query = db.selectFrom('dishes').select(DISH_COLUMNS).where('category_id', '=', each.id).where('archived_at', 'is', null);
    if (featured !== undefined) query = query.where('featured', '=', featured ? 1 : 0);
    const free = freeOf(without);
    if (free) query = query.where(free);
    if (i === start && from) query = query.where(afterDish(from.position, after!));
    const found = await query.orderBy('position').orderBy('id').limit(limit + 1 - rows.length).execute();
    rows.push(...found.map((row) => ({ ...row, category: each.slug })));
    if (rows.length > limit) break;
  }
  return rows;
}

async function searchPage(db: Db, words: string[], { category, featured, without }: DishFilter, { after, limit }: PageRequest): Promise<DishRow[]> {
  const { query, id } = matchingDishes(db, await withTypos(db, words));
  let page = query
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select([...DISH_COLUMNS, 'categories.slug as category'])
    .where('dishes.archived_at', 'is', null);
  if (category && category !== 'all') page = page.where('categories.slug', '=', category);
  if (featured !== undefined) page = page.where('dishes.featured', '=', featured ? 1 : 0);
  const free = freeOf(without);
  if (free) page = page.where(free);
  if (after !== undefined) page = page.where(id, '>', after);
  return page.orderBy(id).limit(limit + 1).execute();
}

/** The dishes after the one at (`position`, `id`) within its category: the keyset of a page in menu order. */
export const afterDish = (position: number, id: number) => (eb: ExpressionBuilder<Database, 'dishes'>) => eb(eb.refTuple('dishes.position', 'dishes.id'), '>', eb.tuple(position, id));

const unknownAfter = (after: number) => new ApiError(400, 'invalid_field', t('after: no dish has the id {after}. Start again from the first page.', { after }), { field: 'after' });

/** Whether an Italian answer holds back the Italian words (asked only when answering in Italian). */
const heldIfItalian = async (db: Db) => language() === 'it' && (await italianHeld(db));

/** One dish, with its groups of choices in its order. */
export async function findDish(db: Db, id: number): Promise<(Dish & { choices: ChoiceGroup[] }) | undefined> {
  const row = await dishQuery(db).where('dishes.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const held = await heldIfItalian(db);
  const choices = await choicesOfDish(db, id, held);
  const choosing = !choices.length ? 'none' : choices.some((group) => group.min > 0) ? 'required' : 'optional';
  return { ...toDish(row, held, choosing), choices };
}

/** The categories in menu order, each with how many dishes it has (counted in the index, category by category). */
export async function listCategories(db: Db) {
  const rows = await db
    .selectFrom('categories')
    .select((eb) => [
      'categories.slug',
      'categories.name',
      'categories.description',
      'categories.name_it',
      'categories.description_it',
      eb.selectFrom('dishes').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('dishes.category_id', '=', 'categories.id').where('dishes.archived_at', 'is', null).as('dishCount'),
    ])
    .orderBy('categories.position')
    .execute();
  const held = await heldIfItalian(db);
  return rows.map((row) => ({ slug: row.slug, ...wordsIn(row, held), dishCount: Number(row.dishCount) }));
}
