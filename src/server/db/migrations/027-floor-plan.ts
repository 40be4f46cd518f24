// The floor plan: each table's place on the owner's grid (a column and a row; none until the
// owner places it, when the plan shows it in the first free place) and its shape. Two tables
// never stand in one place: a unique index over the places given.
import { sql, type Kysely } from 'kysely';
import { TABLE_SHAPES } from '../../../shared/floor-plan.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dining_tables').addColumn('plan_x', 'integer').execute();
  await db.schema.alterTable('dining_tables').addColumn('plan_y', 'integer').execute();
  await db.schema
    .alterTable('dining_tables')
    .addColumn('shape', 'text', (c) => c.notNull().defaultTo('square').check(sql.raw(`shape in (${TABLE_SHAPES.map((shape) => `'${shape}'`).join(', ')})`)))
    .execute();
  await db.schema.createIndex('dining_tables_place').unique().on('dining_tables').columns(['plan_x', 'plan_y']).execute();
}
