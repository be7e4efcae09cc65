// The API processes' on-CPU profile by Linux perf (`--purchase-perf`), over the measured seconds only.
//
// V8's sampler (`--cpu-prof`) takes a sample on a timer whether the thread runs or waits for a core: on a busy
// machine a thread preempted inside a syscall (a `writev` that woke PostgreSQL's backend) collects the samples
// of the time it waited. perf samples a thread only while it runs on a CPU (`-F 999` of the cpu-clock), every
// thread of the processes: the kernel's work in the syscalls, V8's garbage collector and compilers on their own
// threads, the C++ of Node and OpenSSL, and the JIT'd JavaScript, named by the `/tmp/perf-<pid>.map` that node
// writes with `--perf-basic-prof` (`--interpreted-frames-native-stack` names the interpreted functions too).
// A JavaScript frame of the bundle (apps/api/dist/server.mjs) is mapped back to its source file through its
// source map, so packages are named as in cpu-profile.ts.
//
// Each sample is counted by its kind (the innermost frame: kernel by syscall, garbage collector, compiler,
// JavaScript, V8 builtins, the C++ of JSON, brotli, zlib, OpenSSL, libuv, malloc), by thread, and by the package
// and function of its innermost JavaScript frame (the JavaScript that is running, or whose call the native
// frames below it are doing); inclusive counts each package and function once per sample.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { bundleMapper, packageOf } from './cpu-profile';

/**
 * node's flags for a process perf can name the JavaScript frames of; the small log V8 then writes goes to `dir`
 * (one per process) instead of the working folder.
 */
export const perfNodeArgs = (dir: string): string[] => [
  '--perf-basic-prof',
  '--interpreted-frames-native-stack',
  '--no-logfile-per-isolate',
  `--logfile=${dir}/v8-%p.log`,
];

/** Whether `perf record` can sample here (installed, and allowed by perf_event_paranoid). */
export function perfAvailable(): boolean {
  const r = spawnSync('perf', ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

/** A process and its descendants (the primary and its workers), by /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid);
      if (list) list.push(Number(entry));
      else children.set(ppid, [Number(entry)]);
    } catch {
      /* ended meanwhile */
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** A running `perf record` of some processes; `stop` ends it and waits for its file. */
export interface PerfRecording {
  pids: number[];
  stop(): Promise<void>;
}

export async function startPerf(pids: number[], dataFile: string): Promise<PerfRecording> {
  const child: ChildProcess = spawn(
    'perf',
    ['record', '-F', '999', '-g', '-o', dataFile, '-p', pids.join(',')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  // perf attaches to each thread before it samples; a short pause keeps the first measured second in
  await new Promise((r) => setTimeout(r, 150));
  return {
    pids,
    async stop() {
      child.kill('SIGINT');
      const code = await exited;
      if (code !== 0 && !existsSync(dataFile))
        throw new Error(`perf record failed (${code}): ${stderr.trim()}`);
    },
  };
}

interface StackFrame {
  sym: string;
  dso: string;
}

/** A JavaScript frame of a perf map: `JS:*name url:line:column` (`~` interpreted, `^` Sparkplug, `*` optimised). */
const JS_FRAME = /^(?:JS|Function|LazyCompile|Eval):[*~^+-]?(.*?) ?(\S+):(\d+):(\d+)$/;

interface JsFrame {
  key: string;
  pkg: string;
}

/** The kind of the innermost frame of a sample. */
function kindOf(frames: StackFrame[], isJs: (f: StackFrame) => boolean): string {
  const leaf = frames[0];
  if (!leaf) return '(no stack)';
  const { sym, dso } = leaf;
  if (dso.includes('kernel')) {
    // the syscall: the innermost frame outside the kernel
    const user = frames.find((f) => !f.dso.includes('kernel'));
    const name = (user?.sym ?? '?').replace(/^__(libc_)?/, '').replace(/@.*$/, '');
    return `kernel: ${name}`;
  }
  if (isJs(leaf)) return 'JavaScript (JIT)';
  if (/^(Builtin|BytecodeHandler|Stub|Handler|RegExp):/.test(sym)) return 'V8 builtins and interpreter';
  if (sym.startsWith('Builtins_')) return 'V8 builtins and interpreter';
  if (/JsonParser|JsonParse/.test(sym)) return 'JSON.parse (C++)';
  if (/JsonStringifier|JsonStringify/.test(sym)) return 'JSON.stringify (C++)';
  if (/Brotli|brotli/.test(sym)) return 'brotli';
  if (/deflate|inflate|crc32|adler32|zlib/i.test(sym)) return 'zlib';
  if (/sha\d|SHA|HMAC|Hmac|EVP_|ossl_|OPENSSL|CRYPTO_|BN_|RAND_|node::crypto/.test(sym))
    return 'crypto (OpenSSL)';
  if (
    /v8::internal::(Heap|Scavenger|MarkCompact|MinorMarkCompact|Mark|Sweeper|ConcurrentMarking|GC|IncrementalMarking|Evacuat|PagedSpace|MemoryAllocator|MemoryChunk|LargeObjectSpace|NewSpace|SemiSpace|RememberedSet|SlotSet|TypedSlot|Page::|LocalHeap|CppHeap|cppgc)|cppgc::/.test(
      sym,
    )
  )
    return 'V8 garbage collector';
  if (
    /v8::internal::(compiler|maglev|baseline|Compiler|Parser|Scanner|Preparse|AstNode|Bytecode|interpreter::)/.test(
      sym,
    )
  )
    return 'V8 compilers and parser';
  if (/^uv_|^uv__/.test(sym)) return 'libuv';
  if (/^node::/.test(sym)) return 'Node C++';
  if (/^v8::/.test(sym)) return 'V8 runtime (C++)';
  if (dso.includes('libc.so') && /malloc|free|realloc|calloc|_int_|tcache|arena|cfree/.test(sym))
    return 'malloc';
  if (dso.includes('libc.so')) return 'libc';
  if (dso.includes('libstdc++')) return 'libstdc++';
  if (dso.endsWith('/node') || dso === 'node') return 'node binary, other';
  return `other (${dso.replace(/^.*\//, '')})`;
}

/** The threads by role: the main thread, V8's helpers, libuv's pool. */
function threadOf(comm: string, tid: number, pids: Set<number>): string {
  if (pids.has(tid)) return 'main thread';
  if (/libuv|libvips/.test(comm)) return `${comm} (libuv pool)`;
  // V8's helpers (concurrent compiler and garbage collector) keep the process's name
  return `other threads (${comm})`;
}

export interface PerfSummary {
  lines: string[];
  samples: number;
}

/**
 * Reads a perf file with `perf script` and tells where the samples went; `cpuMsPerOrder` (the /proc figure
 * over the same seconds) turns shares into milliseconds per order.
 */
export async function summarisePerf(
  dataFile: string,
  root: string,
  opts: { label: string; orders: number; pids: number[]; cpuMsPerOrder?: number; top?: number },
): Promise<PerfSummary> {
  const top = opts.top ?? 25;
  const script = spawn('perf', ['script', '-i', dataFile, '-F', 'comm,tid,ip,sym,dso'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const mappers = new Map<string, ReturnType<typeof bundleMapper>>();
  const jsCache = new Map<string, JsFrame | null>();
  const jsFrame = (sym: string): JsFrame | null => {
    const cached = jsCache.get(sym);
    if (cached !== undefined) return cached;
    const m = JS_FRAME.exec(sym);
    let out: JsFrame | null = null;
    if (m) {
      let url = m[2]!;
      let line = Number(m[3]) - 1;
      if (!url.includes(':') && url.startsWith('/')) url = `file://${url}`;
      if (!mappers.has(url)) mappers.set(url, bundleMapper(url));
      const mapper = mappers.get(url);
      if (mapper) ({ url, line } = mapper(line, Number(m[4]) - 1));
      const shortUrl = url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '');
      out = {
        key: `${m[1] || '(anonymous)'} ${shortUrl}:${line + 1}`,
        pkg: packageOf(url, m[1] ?? '', root),
      };
    }
    jsCache.set(sym, out);
    return out;
  };
  const isJs = (f: StackFrame) => f.dso.includes('perf-') && JS_FRAME.test(f.sym);
  const pids = new Set(opts.pids);
  const kinds = new Map<string, number>();
  const helperKinds = new Map<string, number>();
  const threads = new Map<string, number>();
  const selfPkg = new Map<string, number>();
  const inclPkg = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclFn = new Map<string, number>();
  const nativeSym = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let samples = 0;
  let mainSamples = 0;
  let comm = '';
  let tid = 0;
  let frames: StackFrame[] = [];
  const flush = () => {
    if (!tid) return;
    samples++;
    const thread = threadOf(comm, tid, pids);
    add(threads, thread);
    const kind = kindOf(frames, isJs);
    add(kinds, kind);
    if (thread !== 'main thread') add(helperKinds, kind);
    const leaf = frames[0];
    if (leaf && !isJs(leaf)) add(nativeSym, `${leaf.sym.slice(0, 110)} (${leaf.dso.replace(/^.*\//, '')})`);
    if (thread === 'main thread') {
      mainSamples++;
      const js = frames.map((f) => (isJs(f) ? jsFrame(f.sym) : null)).filter((f): f is JsFrame => f !== null);
      const inner = js[0];
      add(selfPkg, inner ? inner.pkg : '(no JavaScript on the stack)');
      add(selfFn, inner ? inner.key : '(no JavaScript on the stack)');
      for (const k of new Set(js.map((f) => f.pkg))) add(inclPkg, k);
      for (const k of new Set(js.map((f) => f.key))) add(inclFn, k);
    }
    tid = 0;
    frames = [];
  };
  const lines = createInterface({ input: script.stdout! });
  for await (const line of lines) {
    if (!line.trim()) {
      flush();
      continue;
    }
    if (!line.startsWith('\t') && !line.startsWith(' ')) {
      flush();
      const h = /^(.*?)\s+(\d+)\s*$/.exec(line);
      if (h) {
        comm = h[1]!;
        tid = Number(h[2]);
      }
      continue;
    }
    const f = /^\s*[0-9a-f]+ (.*) \((.*)\)$/.exec(line);
    if (f) frames.push({ sym: f[1]!, dso: f[2]! });
  }
  flush();
  const perOrder = opts.cpuMsPerOrder;
  const row = (n: number, of: number, k: string) =>
    `  ${((n / Math.max(1, of)) * 100).toFixed(1).padStart(5)} %` +
    (perOrder === undefined ? '' : ` ${((n / Math.max(1, samples)) * perOrder).toFixed(2).padStart(6)} ms`) +
    `  ${k}`;
  const heaviest = (m: Map<string, number>, n: number, of: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, c]) => row(c, of, k));
  return {
    samples,
    lines: [
      `On-CPU profile (perf, 999 Hz), ${opts.label}: ${samples} samples (${(samples / 999).toFixed(1)} s of CPU), ` +
        `${opts.orders} orders` +
        (perOrder === undefined ? '' : `, ${perOrder.toFixed(1)} ms of CPU per order by /proc`),
      `  shares of every thread's samples${perOrder === undefined ? '' : ', and ms per order (the share of the /proc figure)'}`,
      ' by thread:',
      ...heaviest(threads, 10, samples),
      ' by kind of the innermost frame (every thread):',
      ...heaviest(kinds, 30, samples),
      ' of it on the threads other than the main one, by kind:',
      ...heaviest(helperKinds, 8, samples),
      ` main thread (${mainSamples} samples), by the package of the innermost JavaScript frame (the natives it called included):`,
      ...heaviest(selfPkg, 25, samples),
      ' main thread, by package, inclusive:',
      ...heaviest(inclPkg, 25, samples),
      ' main thread, by the innermost JavaScript function:',
      ...heaviest(selfFn, top, samples),
      ' main thread, by function, inclusive:',
      ...heaviest(inclFn, top, samples),
      ' native symbols, self (every thread):',
      ...heaviest(nativeSym, top, samples),
    ],
  };
}
