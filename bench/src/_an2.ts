import { readProfiles } from './cpu-profile';
import { root } from './lib';
const [dir, t0s, t1s] = process.argv.slice(2);
const [p] = readProfiles(dir!, root);
const t0 = Number(t0s), t1 = Number(t1s);
let total = 0;
const buckets = new Map<string, number>();
const byTop = new Map<string, number>();
for (let i = 0; i < p!.sampleIds.length; i++) {
  const f = p!.frames.get(p!.sampleIds[i]!)!;
  if (f.idle) continue;
  const t = p!.times[i]!; if (t < t0 || t > t1) continue;
  const w = p!.weights[i]!; total += w;
  const stack: { key: string; pkg: string }[] = [];
  for (let id: number | undefined = p!.sampleIds[i]; id !== undefined; id = p!.frames.get(id)!.parent) stack.push(p!.frames.get(id)!);
  // the bucket: the innermost "category" frame
  const cat = (fr: { key: string; pkg: string }): string | null => {
    if (fr.key === 'writev') return 'writev (socket write)';
    if (fr.key.startsWith('(garbage')) return 'gc';
    if (fr.pkg === 'pg-protocol' || fr.pkg === 'pg' || fr.pkg === 'pg-pool') return 'pg driver';
    if (fr.pkg === 'drizzle-orm') return 'drizzle';
    if (fr.pkg === 'zod' || fr.pkg === 'fastify-type-provider-zod' || fr.key.includes('memo-serializer')) return 'zod (validate/serialize)';
    if (fr.pkg === 'node:zlib' || fr.pkg === '@fastify/compress' || fr.key.includes('answer-compression')) return 'compression';
    if (fr.pkg.startsWith('fastify') || fr.pkg === 'find-my-way' || fr.pkg === 'light-my-request' || fr.pkg === 'avvio') return 'fastify';
    if (fr.pkg.startsWith('node:_http') || fr.pkg === 'node:net' ) return 'node http/net';
    if (fr.pkg.startsWith('apps/api') || fr.pkg.startsWith('packages')) return 'app: ' + fr.pkg;
    return null;
  };
  let c: string | null = null;
  for (const fr of stack) { c = cat(fr); if (c) break; }
  c ??= 'other: ' + stack[0]!.pkg;
  buckets.set(c, (buckets.get(c) ?? 0) + w);
}
for (const [k, v] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${((100 * v) / total).toFixed(1).padStart(5)} % ${k}`);
