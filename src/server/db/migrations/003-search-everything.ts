// Search finds words in the tags and the category too ("vegan", "fish", "pizza").
import type { Kysely } from 'kysely';

// The search text as the menu wrote it when this migration was made (lower case, no
// accents, hyphens as spaces). A migration keeps doing what it did, so it carries its own
// copy instead of the menu's code, which may change after it.
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/-/g, ' ');
const tagsOf = (stored: string): string[] => {
  try {
    const tags: unknown = JSON.parse(stored);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
};

export async function up(db: Kysely<any>): Promise<void> {
  const dishes = await db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(['dishes.id', 'dishes.name', 'dishes.description', 'dishes.tags', 'categories.slug', 'categories.name as category'])
    .execute();
  for (const dish of dishes) {
    const text = fold([dish.name, dish.description, ...tagsOf(dish.tags), dish.category, dish.slug].join(' '));
    await db.updateTable('dishes').set({ search_text: text }).where('id', '=', dish.id).execute();
  }
}
