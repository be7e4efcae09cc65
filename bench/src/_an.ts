import { readProfiles } from './cpu-profile';
import { root } from './lib';
const dir = process.argv[2]!;
const focus = process.argv[3];
const [p] = readProfiles(dir, root);
if (!p) throw new Error('no profile');
// the 20-buyer window: the longest dense stretch; take samples from 40% to 90% of the profile's busy life
const busy: number[] = [];
for (let i = 0; i < p.sampleIds.length; i++) if (!p.frames.get(p.sampleIds[i]!)!.idle) busy.push(i);
const incl = new Map<string, number>();
const self = new Map<string, number>();
const kids = new Map<string, number>();
let total = 0, wv = 0;
const t0 = Number(process.argv[4] ?? 0), t1 = Number(process.argv[5] ?? 1e18);
for (const i of busy) {
  const t = p.times[i]!;
  if (t < t0 || t > t1) continue;
  const w = p.weights[i]!;
  total += w;
  const stack: string[] = [];
  for (let id: number | undefined = p.sampleIds[i]; id !== undefined; id = p.frames.get(id)!.parent) stack.push(p.frames.get(id)!.key);
  if (stack[0] === 'writev') wv += w;
  self.set(stack[0]!, (self.get(stack[0]!) ?? 0) + w);
  for (const k of new Set(stack)) incl.set(k, (incl.get(k) ?? 0) + w);
  if (focus) {
    const j = stack.findIndex((k) => k.includes(focus));
    if (j > 0) kids.set(stack[j - 1]!, (kids.get(stack[j - 1]!) ?? 0) + w);
    else if (j === 0) kids.set('(self)', (kids.get('(self)') ?? 0) + w);
  }
}
const top = (m: Map<string, number>, n: number, f = (k: string) => true) => [...m].filter(([k]) => f(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} % ${k}`).join('\n');
console.log(`total ${(total / 1e6).toFixed(2)} s, writev ${((100 * wv) / total).toFixed(1)} %, first ${p.times[busy[0]!]} last ${p.times[busy.at(-1)!]}`);
if (focus) { console.log(top(kids, 40)); process.exit(0); }
console.log('-- inclusive, apps/api');
console.log(top(incl, 70, (k) => k.includes('apps/api') || k.includes('packages/')));
