// `npm run trace:ab -- --path=/product/mele-golden-106827 --runs=8 http://127.0.0.1:8146 http://127.0.0.1:8147`
// The main thread's work on one page of two or more running servers, from a Chrome trace (no throttling, a phone's
// viewport 412x823): what Lighthouse's simulated figures are made of, measured on this machine's real tasks, which
// a shared machine blurs less than a score. Each run is a first visit (a new browser context: no cache, no
// service worker, no stored cookie choice), runs interleaved over the servers. Prints per run and as medians the
// main-thread milliseconds by Lighthouse's task groups (script evaluation, script parse and compile, style and
// layout, rendering, HTML and CSS parsing, garbage collection, other), the top-level tasks over 50 ms, the main
// thread's CPU time (thread time: what a loaded machine stretches far less than wall time) with the tasks whose CPU
// time passes 50 ms at Lighthouse's 4x CPU after the first paint, and, with
// --functions=N, the N functions of the web app's scripts with the largest difference in self time (summed over
// the runs, from the trace's CPU samples). --traces=DIR keeps every run's trace (<host>_<port>-<run>.json) for DevTools.
import { chromium, type Browser } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// Lighthouse's own trace reading (the same grouping as its "main-thread-work-breakdown" audit)
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromeFlags, chromiumPath, option } from './lib';

const path = String(option('path') ?? '/');
const runs = Math.max(1, Number(option('runs') ?? 5));
const settleMs = Number(option('settle') ?? 3000);
const functionsOption = option('functions');
const topFunctions = typeof functionsOption === 'string' ? Number(functionsOption) : 0;
const traces = option('traces');
// an experiment without a build: --css='rules' added (at the document's start) to the runs of --css-base=URL,
// e.g. the same server under 127.0.0.1 and localhost, one of them with a rule turned off
const extraCss = option('css');
const cssBase = option('css-base');
const bases = process.argv.slice(2).filter((a) => /^https?:\/\//.test(a));
if (bases.length === 0) {
  console.error(
    'usage: npm run trace:ab -- --path=/x [--runs=5] [--settle=3000] [--functions=20] [--traces=DIR] <base URL> …',
  );
  process.exit(2);
}
if (typeof traces === 'string') mkdirSync(traces, { recursive: true });

const CATEGORIES = [
  '-*',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-v8.cpu_profiler',
  '__metadata',
];
const GROUPS = [
  'scriptEvaluation',
  'scriptParseCompile',
  'styleLayout',
  'paintCompositeRender',
  'parseHTML',
  'garbageCollection',
  'other',
] as const;
type Group = (typeof GROUPS)[number];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** the thread's CPU time in the event (µs): what a crowded machine inflates far less than `dur` */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}
interface Reading {
  total: number;
  groups: Record<Group, number>;
  longTasks: number;
  /** the sum of each top-level task's time beyond 50 ms, unthrottled */
  overLong: number;
  /** the main thread's CPU time (thread time) over its top-level tasks, ms */
  cpu: number;
  /** the top-level tasks after the first paint whose CPU time, at Lighthouse's 4× CPU, passes 50 ms, and their time beyond 50 */
  cpuLong: number;
  cpuOverLong: number;
  /** self time (ms) per function of the page's own scripts, "name url:line:col" */
  functions: Map<string, number>;
}

async function trace(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
  });
  const page = await context.newPage();
  if (typeof extraCss === 'string' && url.startsWith(String(cssBase)))
    await page.addInitScript({
      content: `(() => {
        const add = () => {
          const style = document.createElement('style');
          style.textContent = ${JSON.stringify(extraCss).replace(/`/g, '\\`')};
          document.head.append(style);
        };
        if (document.head) add();
        else document.addEventListener('DOMContentLoaded', add, { once: true });
      })();`,
    });
  const cdp = await browser.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, excludedCategories: [] },
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(settleMs);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  await context.close();
  return events;
}

function read(events: TraceEvent[], origin: string): Reading {
  const processed = TraceProcessor.processTrace({ traceEvents: events } as never);
  const navigation = TraceProcessor.processNavigation(processed);
  void navigation;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
  );
  const groups = Object.fromEntries(GROUPS.map((g) => [g, 0])) as Record<Group, number>;
  let total = 0;
  let longTasks = 0;
  let overLong = 0;
  for (const task of tasks) {
    groups[task.group.id as Group] += task.selfTime;
    total += task.selfTime;
    if (!task.parent && task.duration > 50) {
      longTasks += 1;
      overLong += task.duration - 50;
    }
  }
  // thread time: the same tasks by CPU time (the trace's tdur), read the way Lighthouse's simulation reads a
  // task (4× CPU, blocking beyond 50 ms), so two builds compare on a machine whose load stretches wall time
  const main = processed.mainThreadEvents[0];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main?.pid)?.ts ?? 0;
  let cpu = 0;
  let cpuLong = 0;
  let cpuOverLong = 0;
  for (const e of events) {
    if (e.pid !== main?.pid || e.tid !== main?.tid || e.ph !== 'X' || e.name !== 'RunTask') continue;
    const ms = (e.tdur ?? 0) / 1000;
    cpu += ms;
    if (e.ts >= fcp && 4 * ms > 50) {
      cpuLong += 1;
      cpuOverLong += 4 * ms - 50;
    }
  }
  return {
    total,
    groups,
    longTasks,
    overLong,
    cpu,
    cpuLong,
    cpuOverLong,
    functions: selfTimes(events, processed.mainThreadEvents[0]?.pid, origin),
  };
}

/** Self time per function from the trace's CPU profile of the page's renderer (its samples' time deltas). */
function selfTimes(events: TraceEvent[], pid: number | undefined, origin: string): Map<string, number> {
  const out = new Map<string, number>();
  if (pid === undefined) return out;
  const nodes = new Map<string, Map<number, string>>();
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk') continue;
    const data = (e.args?.data ?? {}) as {
      cpuProfile?: {
        nodes?: Array<{
          id: number;
          callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
        }>;
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    const key = `${e.pid}:${e.id}`;
    let known = nodes.get(key);
    if (!known) nodes.set(key, (known = new Map()));
    for (const n of data.cpuProfile?.nodes ?? []) {
      const f = { ...n.callFrame, url: n.callFrame.url ?? '' };
      const name = f.url.startsWith(origin)
        ? `${f.functionName || '(anonymous)'} ${f.url.slice(origin.length)}:${f.lineNumber + 1}:${f.columnNumber + 1}`
        : f.url
          ? `(other script) ${f.url.slice(0, 60)}`
          : `(${f.functionName || 'native'})`;
      known.set(n.id, name);
    }
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    // a sample's time is the delta to the next one
    for (let i = 0; i < samples.length; i++) {
      const name = known.get(samples[i]!) ?? '(unknown)';
      const ms = (deltas[i + 1] ?? 0) / 1000;
      if (ms > 0 && ms < 100) out.set(name, (out.get(name) ?? 0) + ms);
    }
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (
  r: Pick<Reading, 'total' | 'groups' | 'longTasks' | 'overLong' | 'cpu' | 'cpuLong' | 'cpuOverLong'>,
) =>
  `total ${r.total.toFixed(0)} ms | ` +
  GROUPS.map((g) => `${g} ${r.groups[g].toFixed(0)}`).join(', ') +
  ` | tasks > 50 ms: ${r.longTasks} (${r.overLong.toFixed(0)} ms beyond 50)` +
  ` | CPU ${r.cpu.toFixed(0)} ms, tasks > 50 ms at 4x CPU: ${r.cpuLong} (${r.cpuOverLong.toFixed(0)} ms beyond 50)`;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromeFlags.filter((f) => f !== '--headless'),
});
const results = new Map<string, Reading[]>(bases.map((b) => [b, []]));
try {
  for (let r = 0; r < runs; r++) {
    for (const base of bases) {
      const events = await trace(browser, `${base}${path}`);
      if (typeof traces === 'string')
        writeFileSync(
          join(traces, `${new URL(base).host.replace(':', '_')}-${r + 1}.json`),
          JSON.stringify({ traceEvents: events }),
        );
      try {
        const reading = read(events, base);
        results.get(base)!.push(reading);
        console.log(`${base}${path} run ${r + 1}: ${fmt(reading)}`);
      } catch (err) {
        console.log(`${base}${path} run ${r + 1}: unreadable trace (${(err as Error).stack}), not counted`);
      }
    }
  }
} finally {
  await browser.close();
}

for (const [base, list] of results) {
  if (list.length === 0) continue;
  const groups = Object.fromEntries(GROUPS.map((g) => [g, median(list.map((x) => x.groups[g]))])) as Record<
    Group,
    number
  >;
  console.log(
    `median of ${list.length} ${base}${path}: ` +
      fmt({
        total: median(list.map((x) => x.total)),
        groups,
        longTasks: median(list.map((x) => x.longTasks)),
        overLong: median(list.map((x) => x.overLong)),
        cpu: median(list.map((x) => x.cpu)),
        cpuLong: median(list.map((x) => x.cpuLong)),
        cpuOverLong: median(list.map((x) => x.cpuOverLong)),
      }),
  );
}

/**
 * A function of the web app's scripts named by its place in the source, when the build has source maps
 * (`vite build --sourcemap`, the code itself unchanged): minified names and hashed files differ between two
 * builds, the sources' paths and names do not (a line moved by an edit still differs).
 */
const maps = new Map<string, TraceMap | null>();
async function sourceName(base: string, key: string): Promise<string> {
  const m = /^(\S+) (\/assets\/\S+\.js):(\d+):(\d+)$/.exec(key);
  if (!m) return key;
  const [, fn, file, line, column] = m;
  const url = `${base}${file}`;
  if (!maps.has(url)) {
    const res = await fetch(`${url}.map`).catch(() => null);
    maps.set(url, res?.ok ? new TraceMap((await res.json()) as never) : null);
  }
  const map = maps.get(url);
  const stripped = `${fn} ${file!.replace(/-[\w-]{8}\.js$/, '.js')}`;
  if (!map) return stripped;
  const pos = originalPositionFor(map, { line: Number(line), column: Number(column) - 1 });
  if (!pos.source) return stripped;
  const source = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  return `${pos.name ?? fn} ${source}:${pos.line}`;
}

if (topFunctions > 0 && bases.length >= 2) {
  // the first two servers: self time per run, functions named by their sources
  const perRun = async (base: string) => {
    const list = results.get(base)!;
    const sums = new Map<string, number>();
    for (const r of list)
      for (const [k, v] of r.functions) {
        const name = await sourceName(base, k);
        sums.set(name, (sums.get(name) ?? 0) + v);
      }
    for (const [k, v] of sums) sums.set(k, v / Math.max(1, list.length));
    return sums;
  };
  const a = await perRun(bases[0]!);
  const b = await perRun(bases[1]!);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const diffs = [...keys].map((k) => ({ k, a: a.get(k) ?? 0, b: b.get(k) ?? 0 }));
  diffs.sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a));
  console.log(
    `\nself time per run (ms), ${bases[0]} → ${bases[1]}, the ${topFunctions} largest differences:`,
  );
  for (const d of diffs.slice(0, topFunctions))
    console.log(`  ${d.a.toFixed(1).padStart(7)} → ${d.b.toFixed(1).padStart(7)}  ${d.k}`);
  // and by source file (a module's functions together)
  const byFile = (m: Map<string, number>) => {
    const out = new Map<string, number>();
    for (const [k, v] of m) {
      const file =
        k.startsWith('(') && k.endsWith(')')
          ? k
          : k.slice(k.lastIndexOf(' ') + 1).replace(/:\d+(:\d+)?$/, '');
      out.set(file, (out.get(file) ?? 0) + v);
    }
    return out;
  };
  const fa = byFile(a);
  const fb = byFile(b);
  const files = [...new Set([...fa.keys(), ...fb.keys()])].map((k) => ({
    k,
    a: fa.get(k) ?? 0,
    b: fb.get(k) ?? 0,
  }));
  files.sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a));
  console.log(`\nself time per run (ms) by source file, the ${topFunctions} largest differences:`);
  for (const d of files.slice(0, topFunctions))
    console.log(`  ${d.a.toFixed(1).padStart(7)} → ${d.b.toFixed(1).padStart(7)}  ${d.k}`);
}
