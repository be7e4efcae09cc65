// The API processes' CPU profiles (`node --cpu-prof`), read over chosen windows of time only.
//
// A profile covers a process's whole life (start-up, seeding, the catalogue's warm-up, the bench's warm-up and
// the idle seconds between runs). Each sample's time is the profile's `startTime` plus the deltas before it, in
// microseconds of the monotonic clock that `process.hrtime` reads too: the bench notes the windows it measured
// (`monotonicUs()`) and only the samples inside them are counted. "Busy" is every sample but `(idle)`: the
// shares below are of the time the process's thread worked, `(program)` (the engine's own work outside
// JavaScript) and `(garbage collector)` included.
//
// Self time is a function's own samples; inclusive time also counts every function it called (each function
// once per sample, however deep it recurs). The bundle of the built server (apps/api/dist/server.mjs) is mapped
// back to its sources through its linked source map, so both servers' profiles name the same files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monotonic clock of the profiles' timestamps, in microseconds. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** A span of the monotonic clock, in microseconds. */
export interface Window {
  fromUs: number;
  toUs: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface RawProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One node of a profile, with what the summaries need of it. */
interface Frame {
  /** "function file:line" */
  key: string;
  /** the package, the source folder, or the engine's own category */
  pkg: string;
  parent: number | undefined;
  idle: boolean;
}

/** One process's profile: its frames and its samples' node ids and times. */
export interface Profile {
  file: string;
  frames: Map<number, Frame>;
  sampleIds: Int32Array;
  /** each sample's time (µs, monotonic) */
  times: Float64Array;
  /** the time each sample stands for (µs): the gap to the next sample */
  weights: Float64Array;
}

const ENGINE_FRAMES = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** The package or source folder of a script URL (`pg`, `@fastify/compress`, `apps/api/src/modules/cart`). */
export function packageOf(url: string, functionName: string, root: string): string {
  if (!url) return ENGINE_FRAMES.has(functionName) ? functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules !== -1) {
    const rest = path.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const rel = relative(root, path);
  if (rel.startsWith('apps/') || rel.startsWith('packages/')) {
    const parts = rel.split('/');
    // apps/api/src/modules/cart, apps/api/src/plugins, packages/shared/src/time
    return parts.slice(0, parts[2] === 'src' && parts[3] === 'modules' ? 5 : 4).join('/');
  }
  return rel;
}

/** A source map's lookup for the bundle, when the profile names one (apps/api/dist/server.mjs). */
export function bundleMapper(
  url: string,
): ((line: number, column: number) => { url: string; line: number }) | null {
  if (!url.startsWith('file://') || !url.endsWith('.mjs')) return null;
  const path = fileURLToPath(url);
  if (!existsSync(`${path}.map`)) return null;
  const map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
  return (line, column) => {
    const entry = map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
    if (!entry.originalSource) return { url, line };
    const source = entry.originalSource.startsWith('file://')
      ? entry.originalSource
      : `file://${resolve(dirname(path), entry.originalSource)}`;
    return { url: source, line: entry.originalLine ?? line };
  };
}

/** Reads every `.cpuprofile` of a folder. */
export function readProfiles(dir: string, root: string): Profile[] {
  if (!existsSync(dir)) return [];
  const mappers = new Map<string, ReturnType<typeof bundleMapper>>();
  const out: Profile[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as RawProfile;
    const parentOf = new Map<number, number>();
    for (const n of raw.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const frames = new Map<number, Frame>();
    for (const n of raw.nodes) {
      let { url, lineNumber: line } = n.callFrame;
      const { functionName, columnNumber } = n.callFrame;
      if (url && !mappers.has(url)) mappers.set(url, bundleMapper(url));
      const mapper = url ? mappers.get(url) : null;
      if (mapper) ({ url, line } = mapper(line, columnNumber));
      const shortUrl = url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '');
      const name = functionName || '(anonymous)';
      frames.set(n.id, {
        key: url ? `${name} ${shortUrl}:${line + 1}` : name,
        pkg: packageOf(url, functionName, root),
        parent: parentOf.get(n.id),
        idle: functionName === '(idle)',
      });
    }
    const times = new Float64Array(raw.samples.length);
    const weights = new Float64Array(raw.samples.length);
    let t = raw.startTime;
    for (let i = 0; i < raw.samples.length; i++) {
      t += raw.timeDeltas[i] ?? 0;
      times[i] = t;
    }
    // a sample stands for the time until the next one (the last: the mean interval)
    for (let i = 0; i < times.length; i++)
      weights[i] =
        i + 1 < times.length
          ? times[i + 1]! - times[i]!
          : times.length > 1
            ? (t - raw.startTime) / times.length
            : 0;
    out.push({ file, frames, sampleIds: Int32Array.from(raw.samples), times, weights });
  }
  return out;
}

/** Busy microseconds of the samples inside the windows, over every profile. */
function eachBusySample(
  profiles: Profile[],
  windows: Window[],
  visit: (p: Profile, id: number, us: number) => void,
): void {
  const sorted = [...windows].sort((a, b) => a.fromUs - b.fromUs);
  for (const p of profiles) {
    let w = 0;
    for (let i = 0; i < p.times.length; i++) {
      const t = p.times[i]!;
      while (w < sorted.length && sorted[w]!.toUs < t) w++;
      if (w >= sorted.length) break;
      if (t < sorted[w]!.fromUs) continue;
      const id = p.sampleIds[i]!;
      if (p.frames.get(id)?.idle) continue;
      visit(p, id, p.weights[i]!);
    }
  }
}

/** Busy CPU microseconds inside the windows. */
export function busyUs(profiles: Profile[], windows: Window[]): number {
  let total = 0;
  eachBusySample(profiles, windows, (_p, _id, us) => (total += us));
  return total;
}

/**
 * Where the busy time inside the windows went: per package and per function, self and inclusive, heaviest
 * first, as percentages of the busy time; `orders` turns the busy time into milliseconds per order.
 */
export function summariseWindows(
  profiles: Profile[],
  windows: Window[],
  opts: {
    orders: number;
    top?: number;
    label: string;
    /**
     * the processes' CPU per order read from /proc over the same seconds: the shares are turned into ms per
     * order with it (the sampled busy time also counts the seconds a busy thread waited for a core)
     */
    cpuMsPerOrder?: number;
  },
): string[] {
  const top = opts.top ?? 25;
  const selfFn = new Map<string, number>();
  const inclFn = new Map<string, number>();
  const selfPkg = new Map<string, number>();
  const inclPkg = new Map<string, number>();
  let busy = 0;
  let all = 0;
  eachBusySample(profiles, windows, (p, id, us) => {
    busy += us;
    const leaf = p.frames.get(id)!;
    selfFn.set(leaf.key, (selfFn.get(leaf.key) ?? 0) + us);
    selfPkg.set(leaf.pkg, (selfPkg.get(leaf.pkg) ?? 0) + us);
    const fns = new Set<string>();
    const pkgs = new Set<string>();
    for (
      let n: Frame | undefined = leaf;
      n;
      n = n.parent === undefined ? undefined : p.frames.get(n.parent)
    ) {
      if (n.key === '(root)') continue;
      fns.add(n.key);
      pkgs.add(n.pkg);
    }
    for (const k of fns) inclFn.set(k, (inclFn.get(k) ?? 0) + us);
    for (const k of pkgs) inclPkg.set(k, (inclPkg.get(k) ?? 0) + us);
  });
  for (const w of windows) all += w.toUs - w.fromUs;
  const pct = (us: number) => `${((us / Math.max(1, busy)) * 100).toFixed(1).padStart(5)} %`;
  const sampledPerOrder = busy / 1000 / Math.max(1, opts.orders);
  const perOrder = opts.cpuMsPerOrder ?? sampledPerOrder;
  const msPerOrder = (us: number) => `${((us / Math.max(1, busy)) * perOrder).toFixed(2).padStart(6)} ms`;
  const heaviest = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)} ${msPerOrder(us)}  ${k}`);
  return [
    `CPU profile, ${opts.label}: ${(all / 1e6).toFixed(1)} s measured, ${(busy / 1e6).toFixed(2)} s busy ` +
      `(${opts.orders} orders: ${sampledPerOrder.toFixed(1)} ms busy per order sampled` +
      (opts.cpuMsPerOrder === undefined ? ')' : `, ${opts.cpuMsPerOrder.toFixed(1)} ms of CPU by /proc)`),
    `  shares of the busy time, and ms per order (the share of the ${opts.cpuMsPerOrder === undefined ? 'sampled' : '/proc'} figure)`,
    ' by package, self:',
    ...heaviest(selfPkg, 20),
    ' by package, inclusive:',
    ...heaviest(inclPkg, 25),
    ' by function, self:',
    ...heaviest(selfFn, top),
    ' by function, inclusive:',
    ...heaviest(inclFn, top),
  ];
}
