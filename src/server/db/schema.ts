// The tables, as Kysely sees them. Column names are snake_case, as SQL likes them;
// the API speaks camelCase, and the mapping happens in the queries.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  /** 1 for the seeded test accounts, whose credentials the API description publishes. */
  test_account: ColumnType<number, number | undefined, number>;
  created_at: string;
  last_login_at: string | null;
}

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  position: number;
}

export interface DishTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string;
  price_cents: number;
  /** A JSON array of dietary tags, e.g. `["vegetarian"]`. */
  tags: string;
  image: string;
  featured: number;
  /** Name and description folded for search (see search.ts). */
  search_text: string;
}

export interface OrderTable {
  id: Generated<number>;
  table_number: number;
  status: string;
  note: string;
  created_at: string;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  dish_id: number;
  quantity: number;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  /** Every token rotated from one login shares a family; a reuse revokes it all. */
  family: string;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export interface Database {
  users: UserTable;
  categories: CategoryTable;
  dishes: DishTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  refresh_tokens: RefreshTokenTable;
}

export type UserRow = Selectable<UserTable>;
export type NewDish = Insertable<DishTable>;
