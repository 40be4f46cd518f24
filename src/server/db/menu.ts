// Menu queries: categories, dishes by filter, one dish. Dishes are answered in the
// API's shape; a tags column that does not hold a JSON array reads as no tags.
import type { Db } from './database.js';
import { containsAll, queryWords } from './search.js';

export interface Dish {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  currency: 'EUR';
  category: string;
  tags: string[];
  image: string;
  featured: boolean;
}

export interface DishFilter {
  category?: string;
  q?: string;
  featured?: boolean;
}

export function parseTags(stored: string): string[] {
  try {
    const tags: unknown = JSON.parse(stored);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

function dishQuery(db: Db) {
  return db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select([
      'dishes.id',
      'dishes.name',
      'dishes.description',
      'dishes.price_cents',
      'dishes.tags',
      'dishes.image',
      'dishes.featured',
      'categories.slug as category',
    ]);
}

type DishRow = Awaited<ReturnType<ReturnType<typeof dishQuery>['executeTakeFirstOrThrow']>>;

const toDish = (row: DishRow): Dish => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priceCents: row.price_cents,
  currency: 'EUR',
  category: row.category,
  tags: parseTags(row.tags),
  image: row.image,
  featured: row.featured === 1,
});

/** Dishes in menu order (category, then id), filtered. `category: 'all'` is no filter. */
export async function listDishes(db: Db, { category, q, featured }: DishFilter = {}): Promise<Dish[]> {
  let query = dishQuery(db);
  if (category && category !== 'all') query = query.where('categories.slug', '=', category);
  const words = queryWords(q ?? '');
  if (q?.trim() && !words.length) return []; // only punctuation: nothing has it
  if (words.length) query = query.where((eb) => containsAll(eb.ref('dishes.search_text'), words));
  if (featured !== undefined) query = query.where('dishes.featured', '=', featured ? 1 : 0);
  const rows = await query.orderBy('categories.position').orderBy('dishes.id').execute();
  return rows.map(toDish);
}

export async function findDish(db: Db, id: number): Promise<Dish | undefined> {
  const row = await dishQuery(db).where('dishes.id', '=', id).executeTakeFirst();
  return row && toDish(row);
}

export async function listCategories(db: Db) {
  const rows = await db
    .selectFrom('categories')
    .leftJoin('dishes', 'dishes.category_id', 'categories.id')
    .select((eb) => ['categories.slug', 'categories.name', 'categories.description', eb.fn.count<number>('dishes.id').as('dishCount')])
    .groupBy(['categories.id', 'categories.slug', 'categories.name', 'categories.description', 'categories.position'])
    .orderBy('categories.position')
    .execute();
  return rows.map((row) => ({ ...row, dishCount: Number(row.dishCount) }));
}
