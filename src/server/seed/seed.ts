// Fills a fresh database: the menu with its groups of choices, on request a service under way (guests eating at tables, with their orders and open bills) and, unless turned off, one test
// account per role. Each part is written only when its table is empty, so a second
// start changes nothing.
import { rememberWords } from '../menu/index.js';
import { bitsOf } from '../menu/index.js';
import type { Passwords } from '../auth/index.js';
import { migrateDatabase } from '../db/database.js';
import type { Db } from '../db/schema.js';
import { ADDED_DISHES, MENU, type SeedCategory, type SeedDish } from './menu-data.js';
import { SEED_GROUPS } from './choices-data.js';
import { searchText } from '../menu/index.js';
import { insertOrder } from '../orders/index.js';
import { openBillFor } from '../bills/index.js';
import { randomBytes } from 'node:crypto';
import { ALL_DAY_WEEK, SAMPLE_WEEK } from '../restaurant/index.js';
import { COURSE_OF_SLUG, DEFAULT_COURSE } from '../../shared/courses.js';
import { writeHours } from '../restaurant/index.js';
import { defaultStation } from '../displays/index.js';
import { CATEGORIES_IT, DISHES_IT } from './menu-data-it.js';

/** The published test accounts (the API description lists them while they exist). */
export const TEST_ACCOUNTS = [
  { email: 'kai@tavola.test', password: 'tavola-kitchen', name: 'Kai Moretti', role: 'Kitchen' },
  { email: 'wanda@tavola.test', password: 'tavola-waiter', name: 'Wanda Rossi', role: 'Waiter' },
  { email: 'stella@tavola.test', password: 'tavola-student', name: 'Stella Bianchi', role: 'Student' },
  { email: 'ada@tavola.test', password: 'tavola-admin', name: 'Ada Conti', role: 'Admin' },
] as const;

const OPEN_ORDERS = [
  { table: 4, guests: 2, status: 'preparing', note: 'One pizza without basil.', minutesAgo: 25, items: [['margherita', 2], ['tiramisu', 1]] },
  { table: 7, guests: 2, status: 'received', note: '', minutesAgo: 12, items: [['carbonara', 1], ['branzino', 1], ['limonata', 2]] },
  { table: 2, guests: 2, status: 'received', note: 'Nut allergy at this table.', minutesAgo: 4, items: [['ragu', 2], ['panna-cotta', 2]] },
  { table: 9, guests: 3, status: 'served', note: '', minutesAgo: 55, items: [['espresso', 3]] },
] as const;

const isEmpty = async (db: Db, table: 'users' | 'categories' | 'orders') =>
  !(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());

export interface SeedOptions {
  passwords: Passwords;
  testAccounts: boolean;
  now?: number;
  /** Open every hour of every day instead of the sample week (OPEN_ALL_HOURS=on). */
  openAllHours?: boolean;
  /** The restaurant's time zone: the seeded tables' stays are on its day. */
  timeZone?: string;
  /** A service under way: guests eating at tables, their orders and open bills (a first `npm start`'s; tests begin from an empty floor). */
  sampleService?: boolean;
}

/** Brings a database's schema up to date and seeds what is missing, under one lock (db/database.ts). */
export const prepareDatabase = (db: Db, options: SeedOptions): Promise<void> => migrateDatabase(db, (trx) => seed(trx, options));

/** Seeds what is missing. Run it inside migrateDatabase's lock, as prepareDatabase does. */
export async function seed(db: Db, { passwords, testAccounts, now = Date.now(), openAllHours = false, timeZone = 'Europe/Rome', sampleService = false }: SeedOptions): Promise<void> {
  if (await isEmpty(db, 'categories')) await seedMenu(db);
  if (testAccounts && (await isEmpty(db, 'users'))) {
    const created = new Date(now).toISOString();
    // Hashed side by side: the password module still runs at most its limit at once.
    const hashes = await Promise.all(TEST_ACCOUNTS.map((account) => passwords.hash(account.password)));
    await db
      .insertInto('users')
      .values(TEST_ACCOUNTS.map(({ email, name, role }, i) => ({ email, name, role, password_hash: hashes[i]!, test_account: 1, created_at: created, last_login_at: null })))
      .execute();
  }
  if (sampleService && (await isEmpty(db, 'orders'))) await seedOrders(db, now, timeZone);
  if (!(await db.selectFrom('opening_hours').select('id').executeTakeFirst())) {
    await writeHours(db, { week: openAllHours ? ALL_DAY_WEEK : SAMPLE_WEEK, closedDates: [] }, 1);
  }
}

/** The seed's stations beside the default Kitchen (made by the migration): a category slug's station. */
const SEED_STATIONS: Record<string, string> = { pizza: 'Pizza oven', bevande: 'Bar' };
const STATIONS_IT: Record<string, string> = { 'Pizza oven': 'Forno pizza', Bar: 'Bar' };

async function seedMenu(db: Db) {
  const kitchen = await defaultStation(db);
  const stations = new Map<string, number>();
  for (const name of new Set(Object.values(SEED_STATIONS))) {
    const found = await db.selectFrom('stations').select('id').where('name', '=', name).executeTakeFirst();
    stations.set(name, found?.id ?? (await db.insertInto('stations').values({ name, name_it: STATIONS_IT[name] }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const ids = new Map<string, { id: number; category: SeedCategory }>();
  for (const [position, category] of MENU.entries()) {
    const station = SEED_STATIONS[category.slug];
    const { id } = await db
      .insertInto('categories')
      .values({ slug: category.slug, name: category.name, description: category.description, name_it: CATEGORIES_IT[category.slug]?.name, description_it: CATEGORIES_IT[category.slug]?.description, position, station_id: station ? stations.get(station)! : kitchen, course: COURSE_OF_SLUG[category.slug] ?? DEFAULT_COURSE })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(category.slug, { id, category });
  }
  const dishes = new Map<string, number>();
  for (const category of MENU) for (const dish of category.dishes) dishes.set(dish.slug, await insertDish(db, ids.get(category.slug)!, dish));
  for (const { category, dish } of ADDED_DISHES) dishes.set(dish.slug, await insertDish(db, ids.get(category)!, dish));
  await seedChoices(db, dishes);
}

async function insertDish(db: Db, { id, category }: { id: number; category: SeedCategory }, dish: SeedDish): Promise<number> {
  const italian = { nameIt: DISHES_IT[dish.slug]?.name ?? dish.name, descriptionIt: DISHES_IT[dish.slug]?.description };
  const words = searchText({ ...dish, ...italian }, { ...category, nameIt: CATEGORIES_IT[category.slug]?.name });
  const row = await db
    .insertInto('dishes')
    .values({
      category_id: id,
      name: dish.name,
      description: dish.description,
      name_it: italian.nameIt,
      description_it: italian.descriptionIt,
      price_cents: dish.priceCents,
      tags: JSON.stringify(dish.tags),
      image: `/images/dishes/${dish.slug}.svg`,
      featured: dish.featured ? 1 : 0,
      allergens: bitsOf(dish.allergens),
      traces: bitsOf(dish.traces ?? []),
      search_text: words,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rememberWords(db, words);
  return row.id;
}

/** The seed's groups of choices, each listed by its dishes in the order given. */
async function seedChoices(db: Db, dishes: Map<string, number>) {
  const listed = new Map<number, number[]>();
  for (const { dishes: slugs, options, ...group } of SEED_GROUPS) {
    const { id } = await db.insertInto('choice_groups').values({ name: group.name, name_it: group.nameIt, kind: group.kind, min_choices: group.min, max_choices: group.max }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('choice_options')
      .values(options.map((option, position) => ({ group_id: id, name: option.name, name_it: option.nameIt, price_cents: option.priceCents, adds_allergens: bitsOf(option.addsAllergens), removes_allergens: bitsOf(option.removesAllergens), available: 1, position })))
      .execute();
    for (const slug of slugs) listed.set(dishes.get(slug)!, [...(listed.get(dishes.get(slug)!) ?? []), id]);
  }
  for (const [dish, groups] of listed) await db.insertInto('dish_choice_groups').values(groups.map((group, position) => ({ dish_id: dish, group_id: group, position }))).execute();
}

/** The orders of a service under way: each table's guests sat down, ordered and have their bill open (the host stand and the Tables page show them). */
async function seedOrders(db: Db, now: number, timeZone: string) {
  const dishes = await db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(['dishes.id', 'dishes.name', 'dishes.price_cents', 'dishes.image', 'categories.station_id'])
    .execute();
  const dishOf = (slug: string) => dishes.find((dish) => dish.image === `/images/dishes/${slug}.svg`)!;
  for (const order of OPEN_ORDERS) {
    const at = now - order.minutesAgo * 60_000;
    await insertOrder(db, {
      billId: (await openBillFor(db, order.table, at, timeZone, order.guests)).billId,
      publicId: randomBytes(16).toString('base64url'),
      table: order.table,
      pickupName: null,
      pickupPhone: null,
      takenBy: null,
      note: order.note,
      status: order.status,
      items: order.items.map(([slug, quantity]) => ({ dishId: dishOf(slug).id, name: dishOf(slug).name, priceCents: dishOf(slug).price_cents, quantity, station: dishOf(slug).station_id })),
      idempotencyKey: null,
      requestHash: null,
      at: new Date(at).toISOString(),
    });
  }
}
