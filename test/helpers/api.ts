/** Builds the API in process: a database of its own (see database.ts), seeded, a cheap scrypt cost and a clock the test moves. */
import * as assert from 'uvu/assert';
import type { LogConfig } from 'kysely';
import { createApp, type AppOptions } from '../../src/server/app.js';
import { createPasswords } from '../../src/server/auth/passwords.js';
import type { Db } from '../../src/server/db/database.js';
import { prepareDatabase, TEST_ACCOUNTS } from '../../src/server/seed/seed.js';
import { freshDatabase } from './database.js';
import type { Mailer } from '../../src/server/mail/index.js';
import { contractFrom, readAnswer } from './contract.js';

export const SECRET = new TextEncoder().encode('test-secret-that-is-at-least-32-characters');
export const [KITCHEN, WAITER, STUDENT, ADMIN] = TEST_ACCOUNTS;
/** A cheap cost so tests stay quick; the OWASP default has its own test. */
export const TEST_COST = { N: 2 ** 10, r: 8, p: 1 };
export const ORIGIN = 'http://localhost';
/** The code of table `n` in these tests' databases (a real one is 128 random bits: see tables.ts). */
export const tableCode = (n: number) => `table-${n}`;

/** Checks an answer in the API's error shape: status, code and (when given) message; returns the body. */
export async function expectError(response: Response, status: number, code: string, message?: string) {
  const body = await response.json();
  assert.is(response.status, status, JSON.stringify(body));
  assert.match(response.headers.get('Content-Type')!, 'application/json');
  assert.is(body.status, status);
  assert.is(body.code, code);
  if (message) assert.is(body.message, message);
  return body;
}

export interface TestApi {
  app: ReturnType<typeof createApp>;
  db: Db;
  clock: { now: number };
  request(path: string, init?: RequestInit): Promise<Response>;
  login(account?: { email: string; password: string }): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
  /** GET with `Authorization: Bearer <token>`. */
  authed(path: string, token: string): Promise<Response>;
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Any method with a JSON body, and `Authorization: Bearer <token>` when a token is given. */
  send(method: string, path: string, body: unknown, token?: string): Promise<Response>;
}

export async function createTestApi({ log, mail, sampleService = false, ...options }: Partial<AppOptions> & { testAccounts?: boolean; sampleService?: boolean; log?: LogConfig; mail?: (db: Db, clock: () => number) => Mailer } = {}): Promise<TestApi> {
  const db = await freshDatabase({ log });
  const passwords = createPasswords({ cost: TEST_COST });
  const clock = { now: Date.UTC(2026, 10, 21, 12, 0, 0) };
  // An empty floor unless asked: the sample service's guests would still be eating at 2, 4, 7 and 9 when a test's evening starts.
  await prepareDatabase(db, { passwords, testAccounts: options.testAccounts ?? true, now: clock.now, sampleService });
  // Codes the tests can name (tableCode); the rules about real codes have tests of their own.
  for (const { number } of await db.selectFrom('dining_tables').select('number').execute()) await db.updateTable('dining_tables').set({ code: tableCode(number) }).where('number', '=', number).execute();
  const app = createApp({ db, secret: SECRET, passwords, clock: () => clock.now, mailer: mail?.(db, () => clock.now), ...options });
  const send = (path: string, init?: RequestInit) => Promise.resolve(app.request(ORIGIN + path, init));
  // Every answer is held to the API description: a status or a body it does not list fails the test (contract.ts).
  // Read now (once per process), not in the middle of a test that records the queries it causes.
  const contract = await contractFrom(send);
  const request = async (path: string, init?: RequestInit) => {
    const sent = await send(path, init);
    const [method, pathname] = [init?.method ?? 'GET', new URL(ORIGIN + path).pathname];
    if (!contract.operationOf(method, pathname)) return sent;
    const { answer, response } = await readAnswer(sent);
    const problems = contract.problemsOf(method, pathname, answer);
    if (problems.length) throw new Error(`The API description does not tell the truth:\n${problems.join('\n')}`);
    return response;
  };
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return {
    app,
    db,
    clock,
    request,
    postJson,
    authed: (path, token) => request(path, { headers: { Authorization: `Bearer ${token}` } }),
    send: (method, path, body, token) =>
      request(path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }),
    async login(account = KITCHEN) {
      const response = await postJson('/api/v1/auth/login', { email: account.email, password: account.password });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}
