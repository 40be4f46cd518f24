/**
 * A strict reader of the Prometheus text format (version 0.0.4), for the metrics test: each
 * family's HELP and TYPE, then its samples, `name{label="value",…} number`, label values
 * with their escapes (\\, \", \n). A line it cannot read is an error naming it, as a
 * Prometheus server would refuse the scrape.
 */
export interface Family {
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    if (!NAME.test(name)) throw new Error(`not a metric name: ${name}`);
    const found = families.get(name) ?? { help: '', type: 'untyped' as const, samples: [] };
    families.set(name, found);
    return found;
  };
  for (const line of text.split('\n')) {
    if (!line) continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'HELP') family(meta[2]!).help = meta[3]!;
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(meta[3]!)) family(meta[2]!).type = meta[3] as Family['type'];
      else throw new Error(`not a type: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    if (sample[3]) {
      LABEL.lastIndex = 0;
      while (LABEL.lastIndex < sample[3].length) {
        const label = LABEL.exec(sample[3]);
        if (!label) throw new Error(`not labels: ${line}`);
        labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      }
    }
    // As Prometheus reads a value (Go's ParseFloat): a number, ±Inf, or NaN in any case.
    const value = /^\+?inf$/i.test(sample[4]!) ? Infinity : /^-inf$/i.test(sample[4]!) ? -Infinity : /^nan$/i.test(sample[4]!) ? Number.NaN : Number(sample[4]);
    if (Number.isNaN(value) && !/^nan$/i.test(sample[4]!)) throw new Error(`not a number: ${line}`);
    // A histogram's _bucket, _sum and _count belong to its family.
    const base = sample[1]!.replace(/_(bucket|sum|count)$/, '');
    const owner = families.get(sample[1]!) ?? families.get(base);
    if (!owner) throw new Error(`a sample before its family's TYPE: ${line}`);
    owner.samples.push({ name: sample[1]!, labels, value });
  }
  return families;
}
