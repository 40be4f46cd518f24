// Courses (issue 69): each category has a course (0 at once, 1 antipasti … 4 dolci), set from
// the sample menu's slugs and 1 otherwise; an order taken by course names it (`course`), a
// held one waits until it is fired (`fired_ms`: its time in the kitchen runs from then); a
// line may name the guest's seat. The open orders' index follows the open states, which now
// count a held course.
import { sql, type Kysely } from 'kysely';
import { COURSE_OF_SLUG, DEFAULT_COURSE } from '../../../shared/courses.js';
import { OPEN_ORDER } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('course', 'integer', (c) => c.notNull().defaultTo(DEFAULT_COURSE)).execute();
  for (const [slug, course] of Object.entries(COURSE_OF_SLUG)) await db.updateTable('categories').set({ course }).where('slug', '=', slug).execute();
  await db.schema.alterTable('orders').addColumn('course', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('fired_ms', 'bigint').execute();
  await db.schema.alterTable('order_items').addColumn('seat', 'integer').execute();
  await db.schema.dropIndex('orders_open').execute();
  await sql`create index orders_open on orders (id) where ${OPEN_ORDER}`.execute(db);
}
