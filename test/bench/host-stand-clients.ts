// The other end of the host stand benchmark, in its own process: one stream per host stand
// credential in STAND_CREDENTIALS, doing with each event what a stand does: a `booking`
// event is the booking itself (parsed: the stand has it), a `bookings` event means read the
// day again (GET /staff/bookings?date=, one read at a time, one more if one came meanwhile).
// Prints `ready` once every stream is open, then for each booking whose name starts with
// "Online " a line `{name, times}`: when (ms since the epoch) each stand first had it.
import { Agent, request } from 'node:http';
import { eventParser } from '../../src/core/event-stream.js';

const [base, date] = process.argv.slice(2) as [string, string];
const credentials = process.env.STAND_CREDENTIALS!.split('\n');
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const seen = new Map<string, number[]>();
let open = 0;

function stand(credential: string, index: number) {
  const known = new Set<string>();
  const has = (name: string) => {
    if (!name.startsWith('Online ') || known.has(name)) return;
    known.add(name);
    const times = seen.get(name) ?? [];
    times[index] = performance.timeOrigin + performance.now();
    seen.set(name, times);
    if (times.filter((time) => time !== undefined).length === credentials.length) console.log(JSON.stringify({ name, times }));
  };
  let reading = false;
  let again = false;
  async function read() {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    const response = await fetch(`${base}/api/v1/staff/bookings?date=${date}`, { headers: { Authorization: `Bearer ${credential}` } });
    const day = (await response.json()) as { bookings: { name: string }[] };
    for (const { name } of day.bookings) has(name);
    reading = false;
    if (again) {
      again = false;
      await read();
    }
  }
  const parse = eventParser();
  const outgoing = request(`${base}/api/v1/staff/bookings/events`, { agent, headers: { Authorization: `Bearer ${credential}`, Accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
    response.setEncoding('utf8');
    response.on('data', (text: string) => {
      for (const event of parse(text)) {
        if (event.event === 'display') {
          // The stream's greeting: it is open. The stand reads its day once, as the page does.
          void read().then(() => ++open === credentials.length && console.log('ready'));
        } else if (event.event === 'booking') has((JSON.parse(event.data) as { name: string }).name);
        else if (event.event === 'bookings') void read();
      }
    });
  });
  outgoing.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  outgoing.end();
}

credentials.forEach(stand);
