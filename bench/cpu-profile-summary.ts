// Summarises a V8 .cpuprofile (node --cpu-prof) without a flame-graph tool: self and total time by function and
// by file group (a package under node_modules, node's internals, a folder of dist/), over the whole profile or
// only its last seconds (the measured part of a bench run, after the lists loaded).
//
//   npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--last 10] [--top 25] [--skip-tail 0.5]
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    last: { type: 'string' },
    'skip-tail': { type: 'string', default: '0' },
    top: { type: 'string', default: '25' },
  },
});
const file = positionals[0];
if (file === undefined) {
  console.error(
    'usage: cpu-profile-summary.ts FILE.cpuprofile [--last SECONDS] [--skip-tail SECONDS] [--top N]',
  );
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const top = Number(args.top);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Where a frame's code lives: a package, node's internals, or the project's folder. */
function group(url: string): string {
  if (url === '') return '(native / V8)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return `npm:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return url.startsWith('node:internal/') ? `node:${url.split('/')[1]}` : url;
  const dist = url.indexOf('/dist/');
  if (dist >= 0) {
    const parts = url.slice(dist + 1).split('/');
    return parts.slice(0, Math.min(3, parts.length - 1)).join('/');
  }
  return url.replace(/^file:\/\//, '');
}
const fnKey = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'}  ${f.url === '' ? '' : `${f.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${f.lineNumber + 1}`}`;

// Sample times: each sample lasts the delta after it (the next sample's delta).
const times: number[] = [];
let t = 0;
for (const d of profile.timeDeltas) times.push((t += d));
const end = times[times.length - 1] ?? 0;
const to = end - Number(args['skip-tail']) * 1e6;
const from = args.last === undefined ? 0 : to - Number(args.last) * 1e6;

const selfFn = new Map<string, number>();
const totalFn = new Map<string, number>();
const selfGroup = new Map<string, number>();
const totalGroup = new Map<string, number>();
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
let window = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i]! < from || times[i]! > to) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  window += dt;
  const leaf = byId.get(profile.samples[i]!)!;
  const name = leaf.callFrame.functionName;
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
    add(selfFn, name, dt);
    add(totalFn, name, dt);
    if (name === '(idle)') idle += dt;
    continue;
  }
  add(selfFn, fnKey(leaf.callFrame), dt);
  add(selfGroup, group(leaf.callFrame.url), dt);
  const seenFn = new Set<string>();
  const seenGroup = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(root)') break;
    const k = fnKey(f);
    if (!seenFn.has(k)) {
      seenFn.add(k);
      add(totalFn, k, dt);
    }
    const g = group(f.url);
    if (!seenGroup.has(g)) {
      seenGroup.add(g);
      add(totalGroup, g, dt);
    }
  }
}

const busy = window - idle;
const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
const pct = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)}%`;
function print(title: string, m: Map<string, number>): void {
  console.log(`\n${title} (ms, % of busy time)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(v)} ${pct(v)}  ${k}`);
}
console.log(
  `${file}: window ${(window / 1e6).toFixed(2)} s (${args.last === undefined ? 'whole profile' : `last ${args.last} s`}), ` +
    `busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`,
);
print('SELF time by file group', selfGroup);
print('TOTAL time by file group (a group counted once per sample)', totalGroup);
print('SELF time by function', selfFn);
print('TOTAL time by function (counted once per sample)', totalFn);
