// The restaurant's content in Italian beside English: a dish's and a category's name and
// description (null while not translated: the diner then reads the English, marked as
// such), and whether the owner holds Italian back from diners until the menu is complete.
// A booking keeps the language it was made in (its e-mails are written in it); a staff
// member and a paired display have their own. The seed's dishes, as the seed wrote them,
// get the seed's Italian; search then finds every dish by the words of either language.
import { sql, type Kysely } from 'kysely';
import { CATEGORIES_IT, DISHES_IT } from '../../seed/menu-data-it.js';
import { MENU } from '../../seed/menu-data.js';

// The dietary tags' Italian words, as search.ts has them when this was written.
const TAGS_IN_ITALIAN: Record<string, string> = { vegetarian: 'vegetariano', vegan: 'vegano', 'gluten-free': 'senza glutine', spicy: 'piccante', 'contains-nuts': 'contiene frutta a guscio', 'contains-fish': 'contiene pesce' };
const tagsOf = (stored: string): string[] => {
  try {
    const tags: unknown = JSON.parse(stored);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
};
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/-/g, ' ');

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['dishes', 'categories']) {
    await db.schema.alterTable(table).addColumn('name_it', 'text').execute();
    await db.schema.alterTable(table).addColumn('description_it', 'text').execute();
  }
  await db.schema.alterTable('restaurant').addColumn('italian_held', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('bookings').addColumn('lang', 'text', (c) => c.notNull().defaultTo('en')).execute();
  // Null until the person chooses: they then land in it after signing in.
  await db.schema.alterTable('users').addColumn('lang', 'text').execute();
  await db.schema.alterTable('displays').addColumn('lang', 'text', (c) => c.notNull().defaultTo('en')).execute();

  for (const category of MENU) {
    const italian = CATEGORIES_IT[category.slug]!;
    await db.updateTable('categories').set({ name_it: italian.name, description_it: italian.description }).where('slug', '=', category.slug).where('description', '=', category.description).execute();
    for (const dish of category.dishes) {
      const italianDish = DISHES_IT[dish.slug]!;
      await db
        .updateTable('dishes')
        .set({ name_it: italianDish.name ?? dish.name, description_it: italianDish.description })
        .where('image', '=', `/images/dishes/${dish.slug}.svg`)
        .where('name', '=', dish.name)
        .where('description', '=', dish.description)
        .execute();
    }
  }
  // Every dish's search text with its Italian words too, and those words for typos.
  const dishes = await db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(['dishes.id', 'dishes.search_text', 'dishes.tags', 'dishes.name_it', 'dishes.description_it', 'categories.name_it as category_it'])
    .execute();
  const words = new Set<string>();
  for (const dish of dishes) {
    const more = fold([dish.name_it, dish.description_it, ...tagsOf(dish.tags).map((tag) => TAGS_IN_ITALIAN[tag]), dish.category_it].filter(Boolean).join(' '));
    if (!more) continue;
    await db.updateTable('dishes').set({ search_text: `${dish.search_text} ${more}` }).where('id', '=', dish.id).execute();
    for (const word of more.split(/[^\p{L}\p{N}]+/u)) if ([...word].length >= 4) words.add(word);
  }
  for (const word of words) {
    await sql`insert into search_words (word, reversed) values (${word}, ${[...word].reverse().join('')}) on conflict (word) do nothing`.execute(db);
  }
}
