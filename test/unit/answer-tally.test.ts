// The answers' two metric families, kept in plain numbers: each answer in the one bucket its
// time falls in (a time on a bound counts in that bound's), the buckets added up as Prometheus
// reads them, +Inf and _count equal, and a label value with a quote, a backslash or a newline
// written so that the text still parses.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerTally } from '../../src/server/metrics/answer-tally.js';
import { parsePrometheusText } from '../helpers/prometheus-text.js';

const Tally = suite('the answers’ tally (http_requests_total, http_request_duration_seconds)');

Tally('counts by status, times by route, buckets added up, +Inf and _count equal', () => {
  const tally = answerTally();
  tally.record('GET', '/api/v1/dishes/:id', 200, 0.001);
  tally.record('GET', '/api/v1/dishes/:id', 200, 0.005);
  tally.record('GET', '/api/v1/dishes/:id', 404, 0.3);
  tally.record('POST', '/api/v1/orders', 201, 7);
  const text = tally.text();
  const lines = text.split('\n');
  const value = (sample: string) => lines.find((line) => line.startsWith(`${sample} `))?.slice(sample.length + 1);
  const dish = 'method="GET",route="/api/v1/dishes/:id"';
  assert.is(value(`http_requests_total{${dish},status="200"}`), '2');
  assert.is(value(`http_requests_total{${dish},status="404"}`), '1');
  assert.is(value(`http_request_duration_seconds_bucket{${dish},le="0.002"}`), '1');
  assert.is(value(`http_request_duration_seconds_bucket{${dish},le="0.005"}`), '2', 'a time on a bound counts in it');
  assert.is(value(`http_request_duration_seconds_bucket{${dish},le="0.25"}`), '2');
  assert.is(value(`http_request_duration_seconds_bucket{${dish},le="0.5"}`), '3');
  assert.is(value(`http_request_duration_seconds_bucket{${dish},le="+Inf"}`), '3');
  assert.is(value(`http_request_duration_seconds_count{${dish}}`), '3');
  assert.is(Number(value(`http_request_duration_seconds_sum{${dish}}`)), 0.306);
  const order = 'method="POST",route="/api/v1/orders"';
  assert.is(value(`http_request_duration_seconds_bucket{${order},le="5"}`), '0', 'past the last bound: only in +Inf');
  assert.is(value(`http_request_duration_seconds_bucket{${order},le="+Inf"}`), '1');
  const families = parsePrometheusText(text);
  assert.equal([...families].map(([name, family]) => [name, family.type, family.samples.length]), [
    ['http_requests_total', 'counter', 3],
    ['http_request_duration_seconds', 'histogram', 2 * (11 + 3)],
  ]);
});

Tally('a label with a quote, a backslash and a newline is written so that it parses back', () => {
  const tally = answerTally();
  tally.record('GET', 'a "b" \\ c\nd', 200, 0.01);
  const [counted] = parsePrometheusText(tally.text()).get('http_requests_total')!.samples;
  assert.is(counted?.labels.route, 'a "b" \\ c\nd');
});

Tally.run();
