/**
 * The compiled matcher: step 3's walk written out for one table. `compileMatcher(table)`
 * returns the source of a JavaScript module whose default export takes that same table
 * and returns `(pathname) => Match | null`, with the same answers as `createMatcher` (a
 * differential test holds the two together over thousands of random tables).
 *
 * Each node of the segment tree becomes a function that already knows what the walk has to
 * look up. Its static segments, when they are few, are found without cutting the segment out
 * of the path or hashing it: a switch on the letter that tells most of them apart, then on
 * the next, and the one candidate left compared letter by letter where it stands. A segment
 * written otherwise (a capital, an escape, a letter beyond ASCII) is decoded, lower-cased and
 * looked up, as the walk does, and so is every segment of a node with many static segments.
 * A node with only a page becomes a test where its parent reaches it, params are made by a
 * constructor per list of names, and a branch without params answers with an object made
 * once, so `/menu` allocates nothing.
 *
 * It is meant for build time: what it writes is imported as a module (the bench does so; the
 * playground only shows it), so a browser never has to evaluate generated code and the
 * Content-Security-Policy holds without `unsafe-eval`. The site does not use it: for the
 * site's table it would add about 800 B to the diner's first load (README, "Matching").
 */
import { tableProblems } from './check.js';
import { branchesOf, type Route } from './match.js';

interface Node {
  id: number;
  statics: Map<string, Node>;
  param?: Node;
  /** The branches (by number) that end here, or go on with `*`. */
  end?: number;
  splat?: number;
}

// A node with at most this many static segments compares them in place; one with more looks
// the segment up in a map (a deep tree of switches, taken by every address in turn, costs
// more than one lookup).
const COMPARED_IN_PLACE = 24;

/** The source of a module: `export default (table) => (pathname) => Match | null`. */
export function compileMatcher(table: readonly Route[]): string {
  const problems = tableProblems(table);
  if (problems.length) throw new Error(problems.map((problem) => problem.message).join('\n'));
  const branches = branchesOf(table);
  const nodes: Node[] = [];
  const node = (): Node => nodes[nodes.push({ id: nodes.length, statics: new Map() }) - 1]!;
  const root = node();
  const fixed = new Map<string, number>();
  const names = branches.map(({ segments }) => segments.filter((segment) => segment === '*' || segment[0] === ':').map((segment) => segment.replace(/^:/, '')));
  // Backwards, as createMatcher does: of two branches of one shape, the first written stays.
  for (let b = branches.length - 1; b >= 0; b--) {
    const { segments } = branches[b]!;
    let place = root;
    for (const segment of segments) {
      if (segment === '*') break;
      if (segment[0] === ':') place = place.param ??= node();
      else place = place.statics.get(segment) ?? place.statics.set(segment, node()).get(segment)!;
    }
    place[segments.at(-1) === '*' ? 'splat' : 'end'] = b;
    if (!names[b]!.length) fixed.set(`/${segments.join('/')}`, b);
  }
  // The lists of param names, each made by a constructor of its own (P0: none).
  const shapes = [...new Set(['[]', ...names.map((list) => JSON.stringify(list))])];
  const shapeOf = (b: number) => shapes.indexOf(JSON.stringify(names[b]));
  // The answer of branch `b` (a number, or the name of a variable holding one), whose list of param names is shape `s`.
  const answerOf = (s: number, b: number | string) => (s ? `{ routes: B[${b}], params: new P${s}(${(JSON.parse(shapes[s]!) as string[]).map((_, i) => `v[${i}]`).join(', ')}) }` : `A[${b}]`);
  const answer = (b: number) => answerOf(shapeOf(b), b);
  const choosers: string[] = [];
  // Children reached only through a map lookup (a node with many static segments) whose walk
  // is one of two common shapes (the branch ends here; a param, then the branch ends) are made
  // by one function per shape, given the branch: the lookup's call then meets closures of one
  // function, where a function per child (hundreds in a large table) made it megamorphic and
  // left each too cold to be optimised: the compiled walk fell behind the interpreter's.
  const shared = sharedChildren(nodes, shapeOf);
  const factories = [...new Set([...shared.values()].map((made) => made.split('(')[0]!))].sort();
  return [
    '// Written by compileMatcher (src/router/compile.ts) for one route table. Do not edit.',
    'export default function matcher(t) {',
    // The chain of routes of each branch, in the table's order (what branchesOf gives), read
    // from the table the module is given.
    'const B = [];',
    'const branches = (routes, above) => { for (const route of routes) route.children?.length ? branches(route.children, [...above, route]) : B.push([...above, route]); };',
    'branches(t, []);',
    // Params inherit nothing, as createMatcher's do; a branch without params answers with one made once.
    'const N = Object.freeze(Object.create(null));',
    ...shapes.map((key, s) => {
      const list: string[] = JSON.parse(key);
      const body = list.map((name, i) => ` this[${JSON.stringify(name)}] = a${i};`).join('');
      return `function P${s}(${list.map((_, i) => `a${i}`).join(', ')}) {${body} }\nP${s}.prototype = N;`;
    }),
    'const A = B.map((routes) => ({ routes, params: new P0() }));',
    'const d = (s) => { try { return decodeURIComponent(s); } catch { return s; } };',
    // Past the slashes at i (empty segments do not count).
    'const z = (p, i) => { while (i < p.length && p.charCodeAt(i) === 47) i++; return i; };',
    // What `*` takes: the rest from i, decoded, its empty segments dropped.
    'const y = (p, i) => { let x = false, clean = true; for (let j = i; j < p.length; j++) { const c = p.charCodeAt(j); if (c === 37) x = true; else if (c === 47 && (j + 1 === p.length || p.charCodeAt(j + 1) === 47)) clean = false; } const rest = clean ? p.slice(i) : p.slice(i).split("/").filter(Boolean).join("/"); return x ? d(rest) : rest; };',
    ...factories.map((name) => factory(name, answerOf)),
    ...nodes.filter((place) => !onlyEnd(place) && !shared.has(place.id)).map((place) => nodeFunction(place, answer, choosers, shared)),
    ...choosers,
    'const v = []; // the walk\'s param values, reused from call to call',
    // The addresses of the branches without a param or `*`, as createMatcher keeps them: one lookup.
    `const F = new Map([${[...fixed].map(([address, b]) => `[${JSON.stringify(address)}, A[${b}]]`).join(', ')}]);`,
    'return (p) => {',
    '  const f = F.get(p);',
    '  if (f) return f;',
    `  return ${walkFrom(root, 'p, 0, v, 0', answer)} ?? null;`,
    '};',
    '}',
    '',
  ].join('\n');
}

/** A node with only a param, which ends a branch: `/page-7/:id` below `page-7`. */
const paramThenEnd = ({ statics, param, splat, end }: Node) => !statics.size && splat === undefined && end === undefined && param !== undefined && onlyEnd(param);

/** The static segments compared in place at a node (few, written plainly); the others are looked up. */
function comparedAt(place: Node): [string, Node][] {
  const plain = [...place.statics].filter(([text]) => /^[\x20-\x7e]*$/.test(text) && !text.includes('%'));
  return plain.length <= COMPARED_IN_PLACE ? plain : [];
}

/** The children made by a shared function (`E2(14)`: shape E, its params' list 2, branch 14), by node id. */
function sharedChildren(nodes: Node[], shapeOf: (b: number) => number): Map<number, string> {
  const made = new Map<number, string>();
  for (const place of nodes) {
    const compared = new Set(comparedAt(place).map(([, child]) => child.id));
    for (const child of place.statics.values()) {
      if (compared.has(child.id)) continue;
      if (onlyEnd(child)) made.set(child.id, `E${shapeOf(child.end!)}(${child.end})`);
      else if (paramThenEnd(child)) made.set(child.id, `Q${shapeOf(child.param!.end!)}(${child.param!.end})`);
    }
  }
  return made;
}

/** `E<s>` and `Q<s>`: given a branch, the walk of a child of that shape. */
function factory(name: string, answerOf: (s: number, b: string) => string): string {
  const s = Number(name.slice(1));
  if (name[0] === 'E') return `const ${name} = (b) => (p, i, v, k) => (z(p, i) === p.length ? ${answerOf(s, 'b')} : undefined);`;
  return [
    `const ${name} = (b) => (p, i, v, k) => {`,
    '  i = z(p, i);',
    '  if (i === p.length) return;',
    '  let e = i, x = false;',
    '  for (const n = p.length; e < n; e++) { const c = p.charCodeAt(e); if (c === 47) break; if (c === 37) x = true; }',
    '  v[k] = x ? d(p.slice(i, e)) : p.slice(i, e);',
    `  return z(p, e) === p.length ? ${answerOf(s, 'b')} : undefined;`,
    '};',
  ].join('\n');
}

/** A node that is only the end of a branch: tested in place, not called. */
const onlyEnd = ({ statics, param, splat, end }: Node) => !statics.size && !param && splat === undefined && end !== undefined;

/** The call that walks on from `place` (its arguments `p, i, v, k`), or its test in place. */
function walkFrom(place: Node, args: string, answer: (b: number) => string): string {
  const [p, i] = args.split(', ');
  return onlyEnd(place) ? `(z(${p}, ${i}) === ${p}.length ? ${answer(place.end!)} : undefined)` : `n${place.id}(${args})`;
}

// One node of the tree as a function: the walk of step 3, with this node's segments written in.
function nodeFunction(place: Node, answer: (b: number) => string, choosers: string[], shared: Map<number, string>): string {
  const { id, statics, param, end, splat } = place;
  const atEnd = end !== undefined ? answer(end) : splat !== undefined ? `(v[k] = "", ${answer(splat)})` : 'undefined';
  const lines = [`function n${id}(p, i, v, k) {`, '  i = z(p, i);', `  if (i === p.length) return ${atEnd};`, '  let e = i, x = false, u = false, r;'];
  // The static segments as an address writes them most of the time (lower case, no escape),
  // when they are few: compared where they stand in the path, before the segment is read.
  const compared = comparedAt(place);
  if (compared.length) lines.push(`  if ((r = ${chooser(compared, answer, choosers)}(p, i, v, k))) return r;`);
  if (statics.size || param) {
    // Read the segment: where it ends, whether it has an escape (x), and whether it has a
    // capital or a letter beyond ASCII (u), which the static segments, kept lower-cased, lack.
    const capitals = statics.size ? ' else if (c > 127 || (c > 64 && c < 91)) u = true;' : '';
    lines.push(`  for (const n = p.length; e < n; e++) { const c = p.charCodeAt(e); if (c === 47) break; if (c === 37) x = true;${capitals} }`);
  }
  // A segment written otherwise, or any segment of a node with many: decoded, lower-cased,
  // looked up (only a segment written otherwise can be one of those compared above).
  if (statics.size) {
    const when = compared.length === statics.size ? 'if (x || u) ' : '';
    lines.push(`  ${when}{ const f = S${id}.get(x ? d(p.slice(i, e)).toLowerCase() : u ? p.slice(i, e).toLowerCase() : p.slice(i, e)); if (f && (r = f(p, e, v, k))) return r; }`);
  }
  if (param) {
    lines.push('  v[k] = x ? d(p.slice(i, e)) : p.slice(i, e);');
    lines.push(onlyEnd(param) ? `  if (z(p, e) === p.length) return ${answer(param.end!)};` : `  if ((r = n${param.id}(p, e, v, k + 1))) return r;`);
  }
  if (splat !== undefined) lines.push('  v[k] = y(p, i);', `  return ${answer(splat)};`);
  lines.push('}');
  if (statics.size) {
    const entries = [...statics].map(([segment, child]) => `[${JSON.stringify(segment)}, ${shared.get(child.id) ?? (onlyEnd(child) ? `(p, i, v, k) => ${walkFrom(child, 'p, i', answer)}` : `n${child.id}`)}]`);
    lines.push(`const S${id} = new Map([${entries.join(', ')}]);`);
  }
  return lines.join('\n');
}

/**
 * A function `c<n>(p, i, v, k)` that finds which of `candidates` is written at i, exactly,
 * and walks on from it: a switch on the letter that tells most of them apart, then on the
 * next, until one is left to compare whole (then the segment must end there).
 */
function chooser(candidates: [string, Node][], answer: (b: number) => string, choosers: string[]): string {
  choosers.push(`function c${choosers.length}(p, i, v, k) { ${choose(candidates, new Set(), answer)} }`);
  return `c${choosers.length - 1}`;
}

// The letter of a candidate at `at`, or 47 (a slash) where it ends: what the path has there
// when it is this candidate (the switch reads the end of the path as a slash too).
const keyAt = (text: string, at: number) => (at < text.length ? text.charCodeAt(at) : 47);

function choose(candidates: [string, Node][], switched: Set<number>, answer: (b: number) => string): string {
  const shortest = Math.min(...candidates.map(([text]) => text.length));
  let best = -1;
  let most = 1;
  for (let at = 0; at <= shortest; at++) {
    const keys = switched.has(at) ? 0 : new Set(candidates.map(([text]) => keyAt(text, at))).size;
    if (keys > most) [best, most] = [at, keys];
  }
  // Nothing tells them apart (one left, or one the start of another): compare each in turn.
  if (best < 0) return `${candidates.map((candidate) => tryStatic(candidate, switched, answer)).join(' ')} return;`;
  const groups = new Map<number, [string, Node][]>();
  for (const entry of candidates) groups.set(keyAt(entry[0], best), [...(groups.get(keyAt(entry[0], best)) ?? []), entry]);
  const inner = [...groups].map(([key, group]) => `case ${key}: ${choose(group, new Set([...switched, best]), answer)}`);
  return `switch (i + ${best} < p.length ? p.charCodeAt(i + ${best}) : 47) { ${inner.join(' ')} } return;`;
}

// One candidate compared whole, a letter at a time in place (`startsWith` and `slice` cost
// more than this for words this short), the letters a switch has already read left out;
// then the segment must end where it does.
function tryStatic([text, child]: [string, Node], known: Set<number>, answer: (b: number) => string): string {
  const letters = [...text].map((_, at) => at).filter((at) => !known.has(at)).map((at) => `p.charCodeAt(i + ${at}) === ${text.charCodeAt(at)}`);
  const ends = known.has(text.length) ? [] : [`(i + ${text.length} === p.length || p.charCodeAt(i + ${text.length}) === 47)`];
  const test = [...letters, ...ends].join(' && ') || 'true';
  return `if (${test}) return ${walkFrom(child, `p, i + ${text.length}, v, k`, answer)};`;
}
