import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { followEvents, type StreamEvent } from '../../src/core/event-stream.js';
import type { RequestError } from '../../src/core/http.js';

// followEvents with a fake fetch: events with their ids, a reconnect from the last id when
// the stream ends, a silent connection (a tablet that slept) dropped and made again, and a
// refusal that stops it for good.

const Follow = suite('following an event stream');

/** A response whose body sends `chunks`, then stays open (silent) until the request is aborted, or ends when `end`. */
function streaming(chunks: string[], { end = false } = {}) {
  return (signal: AbortSignal) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          if (end) controller.close();
          else signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );
}

function follow(answers: ((signal: AbortSignal) => Response)[], options: { idleMs?: number } = {}) {
  const asked: (string | undefined)[] = [];
  const events: StreamEvent[] = [];
  const states: string[] = [];
  const stops: RequestError[] = [];
  const controller = new AbortController();
  followEvents('/events', {
    signal: controller.signal,
    retryMs: [5],
    ...options,
    fetch: async (_url, init) => {
      asked.push((init!.headers as Record<string, string>)['Last-Event-ID']);
      const answer = answers.shift();
      if (!answer) return new Promise<Response>(() => {}); // nothing more: wait for ever
      return answer(init!.signal!);
    },
    lastEventId: '3',
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    onStop: (error) => stops.push(error),
  });
  return { asked, events, states, stops, stop: () => controller.abort() };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until `done()` holds, looked at every 5 ms, for at most 5 s (a loaded machine is slower; the answer is the same). */
async function until(done: () => boolean) {
  for (let waited = 0; !done() && waited < 5000; waited += 5) await wait(5);
}

Follow('events arrive with their ids; when the stream ends it reconnects from the last id', async () => {
  const run = follow([streaming(['id: 4\nevent: order\ndata: {"a":1}\n\n', ': heartbeat\n\nid: 5\nevent: order\ndata: {"a":2}\n\n'], { end: true }), streaming([])]);
  await until(() => run.asked.length === 2 && run.states.length === 3);
  assert.equal(run.events.map((event) => [event.id, event.data]), [['4', '{"a":1}'], ['5', '{"a":2}']]);
  assert.equal(run.asked, ['3', '5']);
  assert.equal(run.states, ['open', 'reconnecting', 'open']);
  run.stop();
});

Follow('a connection silent for idleMs (no event, no heartbeat) is dropped and made again from the last id', async () => {
  const run = follow([streaming(['id: 4\nevent: order\ndata: {}\n\n']), streaming(['id: 5\nevent: order\ndata: {}\n\n'])], { idleMs: 40 });
  await until(() => run.events.length === 2 && run.states.length >= 3);
  assert.equal(run.asked.slice(0, 2), ['3', '4']);
  assert.equal(run.events.map((event) => event.id), ['4', '5']);
  assert.equal(run.states.slice(0, 3), ['open', 'reconnecting', 'open']);
  run.stop();
});

Follow('heartbeats keep a quiet connection: without idleMs, or with bytes arriving, nothing is dropped', async () => {
  const run = follow([streaming(['id: 4\nevent: order\ndata: {}\n\n'])]);
  // Nothing is to happen: one honest wait, twice the idle time the test above drops at.
  await wait(80);
  assert.equal(run.asked, ['3']);
  run.stop();
});

Follow('a refusal (401) stops for good and says why', async () => {
  const run = follow([() => new Response(JSON.stringify({ status: 401, code: 'display_unpaired', message: 'This screen was unpaired. Ask the owner for a new code.' }), { status: 401, headers: { 'Content-Type': 'application/json' } })]);
  await until(() => run.stops.length === 1);
  assert.equal(run.stops.map((error) => [error.status, error.body?.code]), [[401, 'display_unpaired']]);
  assert.equal(run.asked, ['3']);
});

Follow.run();
