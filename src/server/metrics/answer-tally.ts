// Every answer counted and timed, by method, route pattern and status: the two families
// `http_requests_total` and `http_request_duration_seconds`, kept in plain numbers and written
// in the Prometheus text format only when /metrics is read. An answer is the hot path, and
// prom-client's labelled series hash their labels again on every call (`labels()` keeps the
// labels, not the series); here an answer costs two map lookups and a few additions.

const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

const REQUESTS = 'http_requests_total';
const DURATIONS = 'http_request_duration_seconds';

interface Counted {
  labels: string;
  count: number;
}

interface Timed {
  labels: string;
  /** Answers in each bucket alone (not yet added up as Prometheus writes them). */
  inBucket: number[];
  sum: number;
  count: number;
}

/** A label's value as the text format writes it between quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`;

export interface AnswerTally {
  record(method: string, route: string, status: number, seconds: number): void;
  /** Both families in the Prometheus text format (version 0.0.4), each with its HELP and TYPE. */
  text(): string;
}

export function answerTally(): AnswerTally {
  const counted = new Map<string, Counted>();
  const timed = new Map<string, Timed>();
  return {
    record(method, route, status, seconds) {
      const key = `${method} ${route}`;
      let time = timed.get(key);
      if (!time) {
        time = { labels: `method=${quoted(method)},route=${quoted(route)}`, inBucket: BUCKETS.map(() => 0), sum: 0, count: 0 };
        timed.set(key, time);
      }
      const statusKey = `${key} ${status}`;
      let count = counted.get(statusKey);
      if (!count) {
        count = { labels: `${time.labels},status="${status}"`, count: 0 };
        counted.set(statusKey, count);
      }
      count.count++;
      time.sum += seconds;
      time.count++;
      const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
      if (bucket !== -1) time.inBucket[bucket]!++;
    },
    text() {
      const lines = [`# HELP ${REQUESTS} Answers by method, route pattern and status.`, `# TYPE ${REQUESTS} counter`];
      for (const { labels, count } of counted.values()) lines.push(`${REQUESTS}{${labels}} ${count}`);
      lines.push('', `# HELP ${DURATIONS} Time from a request to its answer finished, by method and route pattern.`, `# TYPE ${DURATIONS} histogram`);
      for (const { labels, inBucket, sum, count } of timed.values()) {
        let upTo = 0;
        BUCKETS.forEach((bound, i) => {
          upTo += inBucket[i]!;
          lines.push(`${DURATIONS}_bucket{${labels},le="${bound}"} ${upTo}`);
        });
        lines.push(`${DURATIONS}_bucket{${labels},le="+Inf"} ${count}`, `${DURATIONS}_sum{${labels}} ${sum}`, `${DURATIONS}_count{${labels}} ${count}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
