// The owner runs the staff: an account can be deactivated (and carries a version for
// concurrent edits), e-mails are unique whatever their letter case, and an invitation
// or a password reset is a one-time link whose token is kept only as a hash. An
// invited account has no password yet: its hash is empty, which no password matches.
import { sql, type Kysely } from 'kysely';
import { autoId } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema.alterTable('users').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('users').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.updateTable('users').set({ email: sql`lower(email)` }).execute();
  await db.schema.createIndex('users_email_any_case').unique().on('users').expression(sql`lower(email)`).execute();
  await db.schema
    .createTable('password_links')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_links_user').on('password_links').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
}
