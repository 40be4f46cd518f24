/** Paired displays in a test: the Admin adds one, and the "tablet" pairs it with the code it was given. */
import * as assert from 'uvu/assert';
import type { TestApi } from './api.js';

/** The seed's stations: the default Kitchen, then the pizza's and the drinks'. */
export const KITCHEN_STATION = 1;
export const PIZZA_STATION = 2;
export const BAR_STATION = 3;

export interface Paired {
  credential: string;
  id: number;
  code: string;
}

/** Adds a display as the Admin whose token is `admin`, and pairs it: its credential, id and the code it used. */
export async function pairScreen(api: TestApi, admin: string, fields: { name: string; kind: 'station' | 'pass' | 'host'; station?: number }): Promise<Paired> {
  const added = await api.send('POST', '/api/v1/admin/displays', fields, admin);
  assert.is(added.status, 201, await added.clone().text());
  const { display, pairing } = await added.json();
  const paired = await api.postJson('/api/v1/displays/pair', { code: pairing.code });
  assert.is(paired.status, 200, await paired.clone().text());
  return { credential: (await paired.json()).credential, id: display.id, code: pairing.code };
}
