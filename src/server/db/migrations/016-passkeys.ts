// Staff may sign in with a passkey (WebAuthn) as well as a password: each passkey is kept
// with its owner, its public key and the counter its authenticator reports, never a
// secret. A sign-in or an added passkey answers a challenge the server made, which works
// once and for five minutes (a replayed answer finds it used).
import { sql, type Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // The person adding a passkey; null for a sign-in (who it is comes with the answer).
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'sign-in')`))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkey_challenges_expires_at').on('passkey_challenges').column('expires_at').execute();
}
