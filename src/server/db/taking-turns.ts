// The embedded database has one connection, and better-sqlite3 runs each query to its end
// before it returns, so every query's promise is settled at once and a request runs from
// its socket's data to its answer without the event loop turning. Under load, one turn of
// the loop then runs every request that arrived in it, whole: 50 clients placing orders
// made turns of 100 to 200 ms. Node (since 20, libuv 1.45) accepts one new connection per
// turn of the loop, so a client that connected then waited seconds for its first answer
// (up to 5 s for a dish page that takes microseconds, while the median order took 150 ms).
//
// Here the connection is handed out in turns, for at most BUDGET_MS in one turn of the
// event loop: past it, whoever asks waits in line, and the line moves on in the next turn
// (setImmediate), after the loop has taken in new connections and what sockets brought.
// Turns are taken in the order they were asked for. Measured with 50 clients ordering
// (test/bench/backup.ts's load): the longest wait went from 4.2-4.7 s to about 0.5 s, and a
// client connecting meanwhile had its first answer in 0.1-0.3 s instead of 2-3.6 s; the
// orders per second stayed within this machine's noise (a tenth either way).
import { SqliteDialect, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';

type Compile = Parameters<NonNullable<Driver['savepoint']>>[2];

/** Time the connection may be held in one turn of the event loop before the next in line waits for the next turn. */
export const BUDGET_MS = 2;

export class TurnTakingDriver implements Driver {
  readonly #inner: Driver;
  readonly #now: () => number;
  readonly #waiting: (() => void)[] = [];
  #taken = false;
  /** When this turn of the event loop began for us: set by the setImmediate below. */
  #turnStarted = Number.NEGATIVE_INFINITY;
  #nextTurn: NodeJS.Immediate | undefined;

  /** `now`: a clock in ms (a test's own). */
  constructor(inner: Driver, now: () => number = () => performance.now()) {
    this.#inner = inner;
    this.#now = now;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  /** How many wait for their turn now (the server's own backup copies less while anyone does: backup/backup.ts). */
  get waiting(): number {
    return this.#waiting.length;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#taken || this.#waiting.length > 0 || this.#spent()) {
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        this.#handOn();
      });
    } else this.#taken = true;
    return this.#inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    this.#taken = false;
    this.#handOn();
  }

  #spent(): boolean {
    return this.#now() - this.#turnStarted > BUDGET_MS;
  }

  /** Gives the connection to the first in line now, or in the next turn of the event loop once this one's time is spent. */
  #handOn(): void {
    if (this.#taken || this.#waiting.length === 0) return;
    if (!this.#spent()) {
      this.#taken = true;
      this.#waiting.shift()!();
    } else
      this.#nextTurn ??= setImmediate(() => {
        this.#nextTurn = undefined;
        this.#turnStarted = this.#now();
        this.#handOn();
      });
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.#inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.#inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.#inner.releaseSavepoint!(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** Kysely's SQLite dialect with the connection taken in turns (above); `driver` is the one Kysely made of it. */
export class TurnTakingSqliteDialect extends SqliteDialect {
  driver: TurnTakingDriver | undefined;

  override createDriver(): Driver {
    this.driver = new TurnTakingDriver(super.createDriver());
    return this.driver;
  }
}
