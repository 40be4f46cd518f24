// The tables, as Kysely sees them. Column names are snake_case, as SQL likes them;
// the API speaks camelCase, and the mapping happens in the queries.
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

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
  /** 0 once an Admin deactivated the account: it cannot sign in, and its tokens are refused. */
  active: ColumnType<number, number | undefined, number>;
  /** Goes up by one with every edit an Admin makes: an edit based on an older version is a conflict. */
  version: ColumnType<number, number | undefined, number>;
  /** The language they chose for their pages (`en`, `it`), or null while they have not: they land in it after signing in. */
  lang: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasswordLinkTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the link's token: the token itself is never stored. */
  token_hash: string;
  /** ms since 1970: 24 hours after it was made. */
  expires_at: number;
  used_at: number | null;
}

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** In Italian, or null while not translated (diners then read the English, marked as such). */
  name_it: ColumnType<string | null, string | null | undefined, string | null>;
  description_it: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the English changed after the Italian was written (the owner is asked to review it). */
  italian_to_review: ColumnType<number, number | undefined, number>;
  position: number;
  /** Goes up by one with every edit: an edit based on an older version is a conflict. */
  version: ColumnType<number, number | undefined, number>;
  /** The station that cooks its dishes. */
  station_id: ColumnType<number, number, number>;
  /** The course of its dishes (shared/courses.ts): 0 at once, 1 antipasti … 4 dolci (migration 033). */
  course: ColumnType<number, number | undefined, number>;
  /** The VAT rate of its dishes, in hundredths of a percent (1000: 10 %). */
  vat_bp: ColumnType<number, number | undefined, number>;
}

export interface StationTable {
  id: Generated<number>;
  /** What the kitchen calls it ("Pizza oven", "Bar"); unique in any letter case. */
  name: string;
  /** In Italian ("Forno pizza"), or null while not translated (Italian boards then read the English). */
  name_it: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the English changed after the Italian was written (the owner is asked to review it). */
  italian_to_review: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
}

export interface BoardSettingsTable {
  /** Always 1: one row. */
  id: number;
  /** Where the dishes of a new category are cooked. */
  default_station: number;
  /** After so many minutes a ticket is late, and after so many very late. */
  late_minutes: number;
  very_late_minutes: number;
  version: number;
}

export interface DisplayTable {
  id: Generated<number>;
  /** The language its board speaks (`en`, `it`), set by the Admin. */
  lang: ColumnType<string, string | undefined, string>;
  /** What the screen is called ("Pass", "Pizza oven"); its moves are recorded as "Display: <name>". */
  name: string;
  /** `station` (one station's dishes), `pass` (whole orders) or `host` (the bookings). */
  kind: string;
  /** The station a `station` display shows; null for the pass and the host stand. */
  station_id: number | null;
  /** SHA-256 of the credential the paired device holds; null while not paired. */
  credential_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the one-time pairing code, its end (ms since 1970) and when it was used. */
  pairing_hash: ColumnType<string | null, string | null | undefined, string | null>;
  pairing_expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  pairing_used_at: ColumnType<number | null, number | null | undefined, number | null>;
  paired_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the device last asked for anything (ms since 1970). */
  last_seen_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** A process holding the display's event stream keeps pushing this forward; past it, no stream is open. */
  streaming_until: ColumnType<number | null, number | null | undefined, number | null>;
  version: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export interface DisplayBumpTable {
  id: Generated<number>;
  display_id: number;
  order_id: number;
  /** The station whose part the display marked done, or null for a whole order served at the pass. */
  station_id: number | null;
  /** ms since 1970: a bump can be recalled for 10 minutes. */
  at: number;
}

export interface OrderPartTable {
  order_id: number;
  station_id: number;
  /** Who marked it done and when, or null while it is not. */
  done_by: ColumnType<string | null, string | null | undefined, string | null>;
  done_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The order's version after the part last changed. */
  changed_in: ColumnType<number, number | undefined, number>;
}

export interface DishTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string;
  /** In Italian, or null while not translated (diners then read the English, marked as such). */
  name_it: ColumnType<string | null, string | null | undefined, string | null>;
  description_it: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the English changed after the Italian was written (the owner is asked to review it). */
  italian_to_review: ColumnType<number, number | undefined, number>;
  price_cents: number;
  /** A JSON array of dietary tags, e.g. `["vegetarian"]`. */
  tags: string;
  image: string;
  featured: number;
  /** Name and description folded for search (see menu/search.ts). */
  search_text: string;
  /** 1 while the kitchen can make it; an unavailable dish cannot be ordered. */
  available: ColumnType<number, number | undefined, number>;
  /** Goes up by one with every edit: an edit based on an older version is a conflict. */
  version: ColumnType<number, number | undefined, number>;
  /** When the Admin archived it (off the menu and out of search; old orders keep it), or null. */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The content address of its uploaded picture (see pictures.ts), or null for the drawn `image`. */
  picture: ColumnType<string | null, string | null | undefined, string | null>;
  /** The allergens it contains, a bit each (menu/allergen-bits.ts), or null while not filled in. */
  allergens: ColumnType<number | null, number | null | undefined, number | null>;
  /** The allergens it may contain traces of, as bits. */
  traces: ColumnType<number, number | undefined, number>;
  /** Its place within its category (then by id: dishes all at 0 are in id order); the owner's drag sets it. */
  position: ColumnType<number, number | undefined, number>;
}

export interface PictureTable {
  /** `<hash>-<width>.webp`: the address it is served under, which changes with its content. */
  name: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: string;
}

/** A staff member's passkey (WebAuthn): its public key and its authenticator's counter, never a secret. */
export interface PasskeyTable {
  id: Generated<number>;
  user_id: number;
  /** The credential's id, base64url, as the browser sends it back. */
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  /** JSON list of how the browser may reach it (`internal`, `hybrid`, `usb`…). */
  transports: string;
  /** What its owner sees it as: "Passkey added 26 November 2026". */
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge the server made for adding a passkey or signing in with one: works once, until it expires. */
export interface PasskeyChallengeTable {
  challenge: string;
  user_id: number | null;
  purpose: 'register' | 'sign-in';
  expires_at: number;
  used_at: number | null;
}

export interface OpeningHoursTable {
  /** Always 1: one row. */
  id: number;
  /** JSON: the week's services, by day (see restaurant/opening-hours.ts). */
  week: string;
  /** JSON: the dates the restaurant is closed, with a note each. */
  closed_dates: string;
  version: number;
}

export interface ActivityTable {
  id: Generated<number>;
  at: string;
  /** The person who did it, or null when a paired display did (display_id). */
  user_id: number | null;
  display_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The name when it happened (a later rename does not rewrite history): a person's, or "Display: Pass". */
  user_name: string;
  /** What was done, e.g. `dish.updated`. */
  action: string;
  /** What it was done to, in English words, e.g. `Dish 12 · Carbonara`. */
  subject: string;
  /** The same as parts (JSON: `{kind, id, names}`, a booking's `{kind, id, name, date, time}`, or `{title}`), said in the language asked; null for an entry recorded before them that could not be parsed. */
  subject_parts: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the record before and after (null when it did not exist). */
  before: string | null;
  after: string | null;
}

export interface DiningTableTable {
  /** The number on the table, as diners see it. */
  number: number;
  /** What the floor calls it, e.g. "Terrace 3". */
  label: ColumnType<string, string | undefined, string>;
  seats: ColumnType<number, number | undefined, number>;
  /** 0 once the Admin took it off the floor: no orders to it. */
  active: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  /** The secret its QR code carries: an order to the table must name it (staff excepted). */
  code: string;
  /** Its place on the floor plan (shared/floor-plan.ts): none until the owner places it. */
  plan_x: ColumnType<number | null, number | null | undefined, number | null>;
  plan_y: ColumnType<number | null, number | null | undefined, number | null>;
  shape: ColumnType<string, string | undefined, string>;
}

export interface OrderTable {
  /** Sequential: the short number staff call the order by. */
  id: Generated<number>;
  /** Unguessable (128 bits, base64url): the diner follows the order with it. */
  public_id: string;
  /** A table number, or null for a pickup order. */
  table_number: number | null;
  /** The name a pickup order is called by, or null at a table. */
  pickup_name: string | null;
  /** The phone number (E.164) of a pickup order, or null (at a table, or placed before phones were asked). */
  pickup_phone: ColumnType<string | null, string | null | undefined, string | null>;
  status: string;
  note: string;
  total_cents: number;
  /** Goes up by one with every change: a move based on an older version is a conflict. */
  version: number;
  /** The client's Idempotency-Key, and a hash of what it sent with it. */
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: string;
  updated_at: string;
  /** The staff member who placed it for the table (Waiter or Kitchen), or null for a diner's own order. */
  taken_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** Their name then. */
  taken_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was placed, ms since 1970 (created_at as a number: the day's numbers count by it). */
  placed_ms: ColumnType<number, number, number>;
  /** When it was marked ready, and served (ISO 8601), or null. */
  ready_at: ColumnType<string | null, string | null | undefined, string | null>;
  served_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Seconds from placed to ready, and from ready to served, or null. */
  ready_after_s: ColumnType<number | null, number | null | undefined, number | null>;
  served_after_s: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who made the last change: a person's name or "Display: <name>". */
  moved_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bill it is on: its table's open one, or its own for a pickup order (migration 028). */
  bill_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The course it is when a waiter took the table's order by course, else null; when a held one was fired, ms (migration 033). */
  course: ColumnType<number | null, number | null | undefined, number | null>;
  fired_ms: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  dish_id: number;
  /** The dish's name and price when it was ordered. */
  name: string;
  price_cents: number;
  quantity: number;
  /** The station that cooks it (its category's when it was ordered). */
  station_id: number;
  /** Its category's VAT rate when it was ordered, in hundredths of a percent (1000: 10 %). */
  vat_bp: ColumnType<number, number | undefined, number>;
  /** What was chosen, as it was then (JSON: shared/choices.ts ChosenOption[]), and the line's note (migration 030). */
  choices: ColumnType<string, string | undefined, string>;
  note: ColumnType<string, string | undefined, string>;
  /** The guest's seat, from 1, when the waiter said it (migration 033). */
  seat: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderEventTable {
  /** Increases with every event: the id a stream resumes from. */
  id: Generated<number>;
  order_id: number;
  /** The event as the streams send it (JSON): its type and the order after it. */
  data: string;
  created_at: string;
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

export interface ThrottleTable {
  /** What is counted: a throttle's name and its key, e.g. `login-account:kai@tavola.test`. */
  key: string;
  attempts: number;
  /** 1 when the last attempt taken was allowed. */
  allowed: number;
  /** When the window ends (ms since 1970). */
  ends_at: number;
}

export interface MenuVersionTable {
  /** Always 1: one row. */
  id: number;
  /** Goes up with every change to dishes or categories (database triggers). */
  version: number;
}

/**
 * SQLite only: the FTS5 trigram index over `dishes.search_text` (see menu/search.ts). Its
 * rowid is the dish id; the column named like the table is what MATCH is asked of.
 */
export interface DishSearchTable {
  rowid: number;
  search_text: string;
  dishes_fts: string;
}

/** Every word dishes are found by, once (menu/search-words.ts): what a typo is corrected to. */
export interface SearchWordTable {
  word: string;
  /** The word backwards, to find words by their end. */
  reversed: string;
}

export interface BookingTable {
  id: Generated<number>;
  /** The language it was made in (`en`, `it`): its e-mails are written in it. */
  lang: ColumnType<string, string | undefined, string>;
  /** SHA-256 of the guest's manage link secret (none for a booking the staff took, or once its data is removed). */
  key_hash: string | null;
  status: string;
  party: number;
  /** The day and time the guest chose, in the restaurant's time zone (the day a late service opened on). */
  date: string;
  time: string;
  /** ms since 1970: the table is held from starts_ms until ends_ms. */
  starts_ms: number;
  ends_ms: number;
  table_number: number | null;
  /** The guest's details: empty once removed (data_removed_at), the counts kept. */
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  source: 'online' | 'staff';
  created_at: string;
  updated_at: string;
  version: ColumnType<number, number | undefined, number>;
  data_removed_at: string | null;
  /** When the party sat down (marked arrived), and when it left (the table freed then): ISO times. */
  seated_at: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A finished stay's end before the party left: what Undo finished holds the table until. */
  held_until_ms: number | null;
  /** 1: seated at the door without a booking (a walk-in). */
  walk_in: ColumnType<number, number | undefined, number>;
  /** The random salt the manage link's secret is made from with the server's secret (bookings/manage-link.ts); none before migration 018. */
  key_salt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the reminder e-mail was written to the outbox (or was not due: booked after its time). */
  reminder_written: ColumnType<number, number | undefined, number>;
  /** 1: the stay was opened by an order at its table, nobody having seated it (migration 032). */
  opened_by_order: ColumnType<number, number | undefined, number>;
  /** 0 while nobody has said how many the party is (a stay opened by an order): `party` holds 1 then. */
  party_known: ColumnType<number, number | undefined, number>;
}

/** Two tables the owner lets the host push together (a < b). */
export interface TableJoinTable {
  a: number;
  b: number;
}

/** A table a stay holds: one row per table (a joined stay has several), its times and status copied from the booking by a trigger. */
export interface BookingTablesTable {
  booking_id: number;
  table_number: number;
  status: string;
  starts_ms: number;
  ends_ms: number;
}

/** A party waiting at the door for a table (bookings/waitlist.ts). */
export interface WaitlistTable {
  id: Generated<number>;
  /** The language it was taken in: "your table is ready" is written in it. */
  lang: ColumnType<string, string | undefined, string>;
  /** The restaurant's day it waits on. */
  date: string;
  party: number;
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
  /** waiting, notified (told the table is ready), seated (`booking_id` is its stay), left. */
  status: string;
  added_ms: number;
  /** The wait quoted when it was added (minutes); null when nothing frees in the evening. */
  quoted_minutes: number | null;
  notified_ms: number | null;
  /** When it was seated or left. */
  done_ms: number | null;
  booking_id: number | null;
  version: ColumnType<number, number | undefined, number>;
}

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

/** An e-mail to a guest, written with the change that causes it and sent afterwards (mail/). */
export interface OutboxTable {
  id: Generated<number>;
  message_id: string;
  /** What it is about: `booking-made`, `booking-reminder`… (mail/kinds in bookings/messages.ts). */
  kind: string;
  booking_id: number | null;
  to_name: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** The booking as an iCalendar file, attached (confirmations and changes). */
  ics: string | null;
  state: OutboxState;
  tries: ColumnType<number, number | undefined, number>;
  next_try_ms: number;
  claimed_until_ms: number | null;
  last_error: string | null;
  created_ms: number;
  sent_ms: number | null;
  version: ColumnType<number, number | undefined, number>;
}

/** Who runs the restaurant (one row, id 1): the imprint, the privacy notice and the footer say it. */
export interface RestaurantTable {
  id: number;
  name: string;
  legal_name: string;
  address: string;
  /** The Italian VAT number (partita IVA), 11 digits. */
  vat_number: string;
  phone: string;
  email: string;
  /** 1 while the owner holds Italian back from diners (its menu not complete yet): Italian pages then show the English content. */
  italian_held: ColumnType<number, number | undefined, number>;
  /** The cover charge per guest ("coperto"), in cents; 0 for none. */
  cover_cents: ColumnType<number, number | undefined, number>;
  /** The most a Waiter may take off one bill, in cents; more is the Admin's. */
  discount_limit_cents: ColumnType<number, number | undefined, number>;
  version: number;
}

export interface BookingSettingsTable {
  /** Always 1: one row. */
  id: number;
  interval_minutes: number;
  stay_minutes: number;
  lead_minutes: number;
  horizon_days: number;
  cancel_cutoff_minutes: number;
  largest_party: number;
  pacing_parties: number;
  pacing_seats: number;
  needs_approval: number;
  /** A party not come this many minutes after its time is shown late. */
  late_minutes: number;
  version: number;
}

export interface BillTable {
  id: Generated<number>;
  /** Null for a pickup order's bill. */
  table_number: number | null;
  /** The stay it belongs to, when the table had one seated as it opened. */
  booking_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: 'open' | 'paid' | 'joined';
  /** The bill it was joined to (its orders, payments and discounts moved there). */
  joined_into: ColumnType<number | null, number | null | undefined, number | null>;
  /** Guests the cover charge counts: the stay's party, or as the waiter set it; null: none known. */
  covers: ColumnType<number | null, number | null | undefined, number | null>;
  /** The cover charge per guest when the bill opened (cents). */
  cover_cents: ColumnType<number, number | undefined, number>;
  opened_ms: ColumnType<number, number, number>;
  closed_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a guest at the table asked for the bill, or null. */
  asked_ms: ColumnType<number | null, number | null | undefined, number | null>;
  version: ColumnType<number, number | undefined, number>;
}

/** A paid bill's VAT at one rate, kept as it was paid (db/paid-bill-vat.ts): what the close adds up. */
export interface PaidBillVatTable {
  bill_id: number;
  closed_ms: ColumnType<number, number, number>;
  rate_bp: number;
  gross_cents: number;
  vat_cents: number;
}

export interface PaymentTable {
  id: Generated<number>;
  bill_id: number;
  amount_cents: number;
  tip_cents: ColumnType<number, number | undefined, number>;
  method: 'cash' | 'card' | 'other';
  /** What an `other` method is ("voucher"). */
  method_name: string | null;
  /** Why money was given back (a refund's amount is negative). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Cash handed over: the change is what it exceeds the amount and tip by. */
  tendered_cents: number | null;
  taken_by: number | null;
  taken_by_name: string;
  at_ms: ColumnType<number, number, number>;
  idempotency_key: string | null;
  request_hash: string | null;
}

export interface DayCloseTable {
  /** The restaurant's date, YYYY-MM-DD. */
  date: string;
  counted_cash_cents: number;
  expected_cash_cents: number;
  closed_by: string;
  closed_ms: ColumnType<number, number, number>;
}

export interface BillDiscountTable {
  id: Generated<number>;
  bill_id: number;
  amount_cents: number;
  reason: string;
  by_name: string;
  at_ms: ColumnType<number, number, number>;
}

/** A bill's line moved to another bill or taken off (migration 029). */
export interface BillLineChangeTable {
  id: Generated<number>;
  bill_id: number;
  kind: 'moved' | 'removed';
  dish_id: number;
  name: string;
  unit_cents: number;
  vat_bp: number;
  quantity: number;
  other_bill_id: number | null;
  reason: string | null;
  started: ColumnType<number, number | undefined, number>;
  by_name: string;
  at_ms: ColumnType<number, number, number>;
}

/** A dish's group of choices (migration 030). */
export interface ChoiceGroupTable {
  id: Generated<number>;
  name: string;
  name_it: ColumnType<string | null, string | null | undefined, string | null>;
  kind: 'choose' | 'without';
  min_choices: number;
  max_choices: number;
  version: ColumnType<number, number | undefined, number>;
}

export interface ChoiceOptionTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  name_it: ColumnType<string | null, string | null | undefined, string | null>;
  price_cents: ColumnType<number, number | undefined, number>;
  adds_allergens: ColumnType<number, number | undefined, number>;
  removes_allergens: ColumnType<number, number | undefined, number>;
  available: ColumnType<number, number | undefined, number>;
  position: number;
  archived: ColumnType<number, number | undefined, number>;
}

export interface DishChoiceGroupTable {
  dish_id: number;
  group_id: number;
  position: number;
}

export interface Database {
  paid_bill_vat: PaidBillVatTable;
  choice_groups: ChoiceGroupTable;
  choice_options: ChoiceOptionTable;
  dish_choice_groups: DishChoiceGroupTable;
  bills: BillTable;
  bill_line_changes: BillLineChangeTable;
  bill_discounts: BillDiscountTable;
  day_closes: DayCloseTable;
  payments: PaymentTable;
  users: UserTable;
  categories: CategoryTable;
  dishes: DishTable;
  restaurant: RestaurantTable;
  dining_tables: DiningTableTable;
  password_links: PasswordLinkTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  refresh_tokens: RefreshTokenTable;
  throttles: ThrottleTable;
  menu_version: MenuVersionTable;
  dishes_fts: DishSearchTable;
  search_words: SearchWordTable;
  pictures: PictureTable;
  opening_hours: OpeningHoursTable;
  activity: ActivityTable;
  stations: StationTable;
  board_settings: BoardSettingsTable;
  displays: DisplayTable;
  display_bumps: DisplayBumpTable;
  order_parts: OrderPartTable;
  bookings: BookingTable;
  booking_tables: BookingTablesTable;
  table_joins: TableJoinTable;
  waitlist: WaitlistTable;
  booking_settings: BookingSettingsTable;
  passkeys: PasskeyTable;
  passkey_challenges: PasskeyChallengeTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UserTable>;
export type OrderRow = Selectable<OrderTable>;
export type DisplayRow = Selectable<DisplayTable>;
export type BookingRow = Selectable<BookingTable>;
export type BillRow = Selectable<BillTable>;
export type PaymentRow = Selectable<PaymentTable>;
export type OutboxRow = Selectable<OutboxTable>;

/** The database as the queries see it, SQLite or PostgreSQL alike. */
export type Db = Kysely<Database>;
