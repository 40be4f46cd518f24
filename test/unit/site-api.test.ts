import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestError, type Http } from '../../src/core/http.js';
import { createSiteApi } from '../../src/site/common/api.js';
import { createOrdersApi } from '../../src/site/common/orders-api.js';
import { createKitchenApi } from '../../src/site/kitchen/api.js';
import { dish, ORDER_42 } from '../helpers/site.js';

// The site's API client over a fake HTTP client: the addresses it asks, and how it puts pages together.
function fakeHttp(answer: (path: string) => unknown) {
  const asked: string[] = [];
  const get = async (path: string) => {
    asked.push(path);
    const value = answer(path);
    if (value instanceof Error) throw value;
    return value;
  };
  const http = { get, post: get, patch: get } as unknown as Http;
  return { http, asked };
}

const Api = suite('site API client');

Api('dishes: a page of 50 in the filters asked, the next one after a dish', async () => {
  const { http, asked } = fakeHttp(() => ({ dishes: [dish(7, 'Ortolana')], next: 7 }));
  const api = createSiteApi(http);
  assert.equal(await api.dishes({ category: 'pizza', q: 'ort' }), { dishes: [dish(7, 'Ortolana')], next: 7 });
  await api.dishes({ category: 'all', featured: true }, { after: 7 });
  assert.equal(asked, ['/dishes?category=pizza&q=ort&limit=50', '/dishes?featured=true&limit=50&after=7']);
  assert.is(api.seenDish(7)?.name, 'Ortolana', 'a dish from a page is drawn at once when opened');
});

Api('the kitchen’s order queue: every page, with the first page’s lastEventId (later pages may show changes made after it)', async () => {
  const order = (number: number) => ({ ...ORDER_42, id: `order-${number}`, number });
  const pages: Record<string, unknown> = {
    '/orders/queue?limit=200': { orders: [order(1), order(2)], lastEventId: 40, next: 2 },
    '/orders/queue?limit=200&after=2': { orders: [order(3)], lastEventId: 41, next: 3 },
    '/orders/queue?limit=200&after=3': { orders: [], lastEventId: 42, next: null },
  };
  const { http, asked } = fakeHttp((path) => pages[path]);
  const queue = await createKitchenApi(http).queue();
  assert.equal(queue.orders.map((each) => each.number), [1, 2, 3]);
  assert.is(queue.lastEventId, 40);
  assert.equal(asked, Object.keys(pages));
});

Api('the cart’s dishes as they are now: one gone from the menu (404) is left out; any other failure is a failure', async () => {
  const { http } = fakeHttp((path) => (path === '/dishes/9' ? new RequestError(404, 'Request failed (HTTP 404)') : dish(Number(path.split('/')[2]), 'Dish')));
  assert.equal((await createOrdersApi(http).currentDishes([1, 9, 3])).map((each) => each.id), [1, 3]);
  const offline = fakeHttp(() => new RequestError(0, 'Could not reach the server. Check your connection and try again.'));
  try {
    await createOrdersApi(offline.http).currentDishes([1]);
    assert.unreachable('a network failure must not empty the cart');
  } catch (error) {
    assert.is((error as RequestError).status, 0);
  }
});

Api.run();
