// The other end of the stream benchmarks, in its own process: opens `count` streams with
// one token (a person's), or one stream per token in STREAM_TOKENS (paired displays, one
// credential a line), prints `ready` once all are open, then for each order a line
// `{order, last}`: the time (ms since the epoch) the last of the streams received it. It
// reads with node:http and the site's own event parser, and takes the order id with a
// regular expression, so the measuring side stays light beside the server it measures.
// Only `order` events count (a display's stream also has `display` and `settings` notices).
import { Agent, request } from 'node:http';
import { eventParser } from '../../src/core/event-stream.js';

const [url, token, countText] = process.argv.slice(2) as [string, string, string];
const tokens = process.env.STREAM_TOKENS ? process.env.STREAM_TOKENS.split('\n') : Array.from({ length: Number(countText) }, () => token);
const count = tokens.length;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const received = new Map<string, number>();
let open = 0;

function follow(token: string) {
  const parse = eventParser();
  const outgoing = request(url, { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
    if (++open === count) console.log('ready');
    response.setEncoding('utf8');
    response.on('data', (text: string) => {
      for (const event of parse(text)) {
        if (event.event !== 'order') continue; // a display's stream opens with what it is and the board's settings
        const order = /"order":\{"id":"([^"]+)"/.exec(event.data)![1]!;
        const seen = (received.get(order) ?? 0) + 1;
        received.set(order, seen);
        if (seen === count) console.log(JSON.stringify({ order, last: performance.timeOrigin + performance.now() }));
      }
    });
  });
  outgoing.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  outgoing.end();
}

for (const each of tokens) follow(each);
