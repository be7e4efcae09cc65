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

/** One sample of a perf file: its thread's name, its process and thread ids, its stack (innermost first). */
interface PerfSample {
  comm: string;
  pid: number;
  tid: number;
  frames: StackFrame[];
}

/** The samples of a perf file, as `perf script` prints them (each symbol without its `+0x…` offset). */
async function* perfSamples(dataFile: string): AsyncGenerator<PerfSample> {
  const script = spawn('perf', ['script', '-i', dataFile, '-F', 'comm,pid,tid,ip,sym,dso'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let sample: PerfSample | null = null;
  for await (const line of createInterface({ input: script.stdout! })) {
    if (!line.trim()) {
      if (sample) yield sample;
      sample = null;
      continue;
    }
    if (!line.startsWith('\t') && !line.startsWith(' ')) {
      if (sample) yield sample;
      const h = /^(.*?)\s+(\d+)\/(\d+)\s*$/.exec(line);
      sample = h ? { comm: h[1]!, pid: Number(h[2]), tid: Number(h[3]), frames: [] } : null;
      continue;
    }
    const f = /^\s*[0-9a-f]+ (.*) \((.*)\)$/.exec(line);
    if (f && sample) sample.frames.push({ sym: f[1]!.replace(/\+0x[0-9a-f]+$/, ''), dso: f[2]! });
  }
  if (sample) yield sample;
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
  for await (const { comm, tid, frames } of perfSamples(dataFile)) {
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
  }
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

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL's processes (the postmaster's children) over the same seconds.
//
// Debian's postgres binary is stripped of its symbol table; it keeps the dynamic one (≈ 10,800 functions that
// extensions may call: the planner's, the executor's, the parser's, the buffer manager's… entry points), and it
// is built with frame pointers, so `perf record -g` gets whole stacks. A static function (the expression
// interpreter's ExecInterpExpr, the node's own Exec*, the protocol's socket_* …) shows as `[unknown]`: it is
// counted under the innermost named function that called it. A process forked during the recording (an
// autovacuum worker, a new backend) is recorded too (perf follows the postmaster's forks); each process's kind is
// read from its title (`/proc/<pid>/cmdline`: "postgres: walwriter", "postgres: user db host(port) idle" …)
// a few times a second while the recording runs.

/** The kind of a PostgreSQL process from its title. */
export function pgProcessKind(title: string): string {
  const t = title.replace(/\0/g, ' ').trim();
  if (!t.startsWith('postgres:')) return 'postmaster';
  const rest = t.slice('postgres:'.length).trim();
  for (const k of [
    'checkpointer',
    'background writer',
    'walwriter',
    'autovacuum launcher',
    'autovacuum worker',
    'logical replication launcher',
    'archiver',
    'stats collector',
    'parallel worker',
  ])
    if (rest.startsWith(k)) return k;
  return 'backend';
}

/** Polls the titles of a PostgreSQL cluster's processes while a recording runs: pid → kind. */
export function watchPgProcesses(postmaster: number): { kinds: Map<number, string>; stop(): void } {
  const kinds = new Map<number, string>();
  const look = () => {
    for (const pid of processTree(postmaster)) {
      if (kinds.has(pid) && kinds.get(pid) !== 'backend') continue;
      try {
        kinds.set(pid, pgProcessKind(readFileSync(`/proc/${pid}/cmdline`, 'utf8')));
      } catch {
        /* ended meanwhile */
      }
    }
  };
  look();
  const timer = setInterval(look, 200);
  return {
    kinds,
    stop() {
      clearInterval(timer);
      look();
    },
  };
}

/**
 * What a backend is doing: the outermost of these functions on the stack (the statement's phase). The first
 * match from the stack's root wins; `ExecutorStart` inside `ExecutorRun` (a foreign key's check through SPI)
 * counts as the run. The protocol's containers (`PG_PHASE_CONTAINERS`: a bind, a portal's start, the plan
 * cache) count only when none of these is under them: a portal's start runs the executor's start-up.
 */
const PG_PHASES: Array<[RegExp, string]> = [
  [/^(pg_parse_query|raw_parser|base_yyparse)$/, 'parse (raw parser)'],
  [
    /^(parse_analyze\w*|pg_analyze_and_rewrite\w*|pg_rewrite_query|QueryRewrite)$/,
    'parse analysis and rewrite',
  ],
  [/^(pg_plan_queries|pg_plan_query|planner|standard_planner|BuildCachedPlan)$/, 'planning'],
  [
    /^(RevalidateCachedQuery|CheckCachedPlan|AcquirePlannerLocks|AcquireExecutorLocks)$/,
    'plan cache checks and locks',
  ],
  [/^(ExecutorStart|standard_ExecutorStart|InitPlan|ExecInitNode)$/, 'executor start-up'],
  [/^(ExecutorRun|standard_ExecutorRun|ExecutePlan)$/, 'executor run'],
  [
    /^(ExecutorFinish|standard_ExecutorFinish|AfterTriggerEndQuery|AfterTriggerFireDeferred)$/,
    'executor finish (triggers: foreign keys)',
  ],
  [
    /^(ExecutorEnd|standard_ExecutorEnd|ExecEndNode|ExecEndPlan|FreeQueryDesc|PortalDrop|PortalCleanup)$/,
    'executor end and portal drop',
  ],
  [
    /^(CommitTransaction|CommitTransactionCommand|PrepareTransaction|AbortTransaction|AbortCurrentTransaction|CleanupTransaction)$/,
    'commit / abort',
  ],
  [/^(StartTransaction|StartTransactionCommand)$/, 'transaction start'],
  [
    /^(ProcessInterrupts|ProcessClientReadInterrupt|ProcessCatchupInterrupt|ProcessIncomingNotify|AcceptInvalidationMessages|ReceiveSharedInvalidMessages)$/,
    'interrupts and invalidations',
  ],
  [/^(pgstat_report_stat|pgstat_\w+)$/, 'statistics (pgstat)'],
  [/^(pgss_\w+|pg_stat_statements\w*)$/, 'pg_stat_statements'],
  [
    /^(InitPostgres|BackendStartup|BackendInitialize|PerformAuthentication|ClientAuthentication)$/,
    'backend start-up (new connection)',
  ],
  [/^(proc_exit|shmem_exit|ShutdownPostgres)$/, 'backend exit'],
];

const PG_PHASE_CONTAINERS: Array<[RegExp, string]> = [
  [
    /^(GetCachedPlan|CreateCachedPlan|CompleteCachedPlan|SaveCachedPlan|exec_parse_message|DropCachedPlan)$/,
    'plan cache (look-up, locks, outside planning)',
  ],
  [
    /^(exec_bind_message|PortalStart|PortalDefineQuery|CreatePortal)$/,
    'bind and portal (outside the executor)',
  ],
  [
    /^(exec_describe_statement_message|exec_describe_portal_message|SendRowDescriptionMessage|printtup_startup)$/,
    'describe',
  ],
  [
    /^(ReadCommand|pq_getbyte|pq_getmessage|pq_startmsgread|secure_read|pq_recvbuf|pq_peekbyte)$/,
    'protocol: reading the next message',
  ],
  [
    /^(pq_flush|pq_putmessage\w*|socket_\w+|secure_write|ReadyForQuery|EndCommand|pq_endmessage\w*|printtup|pq_sendcountedtext)$/,
    'protocol: writing results',
  ],
  [
    /^(PortalRun|PortalRunMulti|PortalRunSelect|PortalRunUtility|ProcessQuery|FillPortalStore)$/,
    'portal run (outside the executor)',
  ],
];

/** The kind of work of a sample: the innermost named function that matches (the leaf's own area). */
const PG_WORK: Array<[RegExp, string]> = [
  [
    /^(XLogInsert|XLogInsertRecord|XLogRecordAssemble|XLogRegister\w*|XLogBeginInsert|CopyXLogRecordToWAL|ReserveXLogInsertLocation|WALInsertLock\w*|log_heap_\w+|heap_xlog\w*|XLogResetInsertion)$/,
    'WAL insert',
  ],
  [
    /^(XLogFlush|XLogWrite|issue_xlog_fsync|XLogBackgroundFlush|XLogFileInit\w*|XLogFileOpen|XLogFileClose|AdvanceXLInsertBuffer|WaitXLogInsertionsToFinish|XLogSetAsyncXactLSN)$/,
    'WAL write / flush',
  ],
  [
    /^(LWLockAcquire\w*|LWLockRelease\w*|LWLockWait\w*|LWLockQueueSelf|LWLockWakeup|LWLockAttemptLock|LWLockConditionalAcquire|LWLockUpdateVar)$/,
    'LWLocks',
  ],
  [
    /^(LockAcquire\w*|LockRelease\w*|LockRelationOid|UnlockRelationId|LockRelationIdForSession|LockTuple|XactLockTableWait|SetupLockInTable|LockReassignCurrentOwner|LockHeldByMe|GrantLock\w*|FastPath\w*|VirtualXactLock\w*|LockCheckConflicts)$/,
    'heavyweight locks',
  ],
  [
    /^(GetSnapshotData|GetTransactionSnapshot|GetLatestSnapshot|RegisterSnapshot\w*|UnregisterSnapshot\w*|PushActiveSnapshot\w*|PopActiveSnapshot|XidInMVCCSnapshot|TransactionIdIsInProgress|HeapTupleSatisfies\w*|TransactionIdDidCommit|TransactionLogFetch|TransactionIdGetStatus|SubTransGetTopmostTransaction)$/,
    'snapshots and visibility',
  ],
  [
    /^(json\w*|row_to_json|to_json\w*|datum_to_json\w*|composite_to_json|array_to_json\w*|escape_json|json_agg\w*|json_build\w*|json_object\w*|jsonb\w*|JsonbValue\w*|pushJsonbValue|convertJsonb\w*|to_jsonb|array_dim_to_json)$/,
    'JSON building / parsing',
  ],
  [
    /^(SearchCatCache\w*|SearchSysCache\w*|SysCacheGetAttr|ReleaseCatCache\w*|ReleaseSysCache|CatalogCacheIdInvalidate|RelationIdGetRelation|RelationClose|relation_open|relation_close|table_open|table_close|index_open|index_close|try_relation_open|get_\w+|lookup_type_cache|LookupTypeCache\w*|getTypeOutputInfo|getTypeInputInfo|getBaseType\w*|func_volatile|get_func_\w+|fmgr_info\w*|LocalExecuteInvalidationMessage|RelationCacheInvalidateEntry|InvalidateCatalogSnapshot|GetCatalogSnapshot)$/,
    'catalog and relation caches, fmgr look-ups',
  ],
  [
    /^(palloc\w*|pfree|repalloc\w*|MemoryContext\w*|AllocSet\w*|Generation\w*|Slab\w*|pstrdup|pnstrdup|psprintf|mcxt\w*|makeStringInfo|initStringInfo|enlargeStringInfo|appendStringInfo\w*|appendBinaryStringInfo\w*|resetStringInfo)$/,
    'memory contexts and string buffers',
  ],
  [
    /^(copyObjectImpl|equal|_copy\w*|_equal\w*|expression_tree_\w+|query_tree_\w+|range_table_\w+|raw_expression_tree_walker\w*|planstate_tree_walker|expression_returns_set\w*|exprType|exprTypmod|exprCollation|lappend\w*|lcons\w*|list_\w+|bms_\w+|new_list|makeVar|makeConst|makeTargetEntry|makeNode\w*)$/,
    'node trees, lists, bitmapsets',
  ],
  [
    /^(ExecInitExpr\w*|ExecBuildProjectionInfo|ExecReadyInterpretedExpr|ExecInitQual|ExecPrepareExpr\w*|ExecAssignProjectionInfo|ExecConditionalAssignProjectionInfo|ExecInitResultTupleSlot\w*|ExecInitScanTupleSlot|ExecTypeFromTL|ExecCleanTypeFromTL|ExecInitResultTypeTL|MakeTupleTableSlot|ExecAllocTableSlot|ExecSetSlotDescriptor|ExecAssignExprContext|CreateExprContext\w*|ExecOpenScanRelation|ExecGetRangeTableRelation|ExecInit\w+|CreateTemplateTupleDesc|CreateTupleDescCopy\w*|TupleDescInitEntry\w*|BlessTupleDesc|assign_record_type_typmod|lookup_rowtype_tupdesc\w*)$/,
    'executor node and expression set-up',
  ],
  [
    /^(ExecEvalExpr\w*|ExecInterpExpr\w*|ExecEval\w+|ExecJustConst|ExecProject\w*|ExecQual\w*|ExecScan\w*|ExecProcNode\w*|ExecAgg\w*|ExecNestLoop|ExecHashJoin\w*|ExecMergeJoin|ExecResult|ExecLimit|ExecSort|ExecMaterial|ExecSubPlan|ExecSetParamPlan|ExecFetchSlot\w*|ExecStoreTuple\w*|ExecStore\w+|ExecClearTuple|ExecCopySlot\w*|slot_getsomeattrs\w*|slot_getattr|slot_deform\w*|tts_\w+|heap_getattr|heap_deform_tuple|heap_form_tuple|heap_copytuple\w*|nocachegetattr|heap_fill_tuple|heap_compute_data_size|ExecFilterJunk|ExecGetJunkAttribute|ExecModifyTable|ExecInsert\w*|ExecUpdate\w*|ExecDelete\w*|ExecLockRows|ExecOnConflict\w*|ExecCheckIndexConstraints|ExecInsertIndexTuples|ExecConstraints|ExecPartitionCheck|ExecFunctionScan|ExecValuesScan|ExecCteScan|ExecAppend|ExecUnique|ExecWindowAgg|MultiExecHash|ExecHash\w*|ExecReScan\w*|ExecEndNode)$/,
    'executor nodes and expressions',
  ],
  [
    /^(int[248]\w*|numeric\w*|float[48]\w*|text\w*|varchar\w*|bpchar\w*|byteaout|date_\w+|timestamp\w*|timestamptz\w*|time_\w+|interval\w*|bool\w*|char\w*|name\w*|uuid\w*|array_\w+|construct_\w*array|deconstruct_array|ArrayGetNItems|string_to_array|text_to_array|unnest|cstring_to_text\w*|text_to_cstring\w*|pg_detoast_datum\w*|detoast_\w+|heap_tuple_untoast_attr\w*|toast_\w+|pglz_\w+|OutputFunctionCall|InputFunctionCall|FunctionCall\w*|DirectFunctionCall\w*|OidOutputFunctionCall|OidInputFunctionCall|pg_ltoa|pg_lltoa|pg_ultoa_n|pg_ulltoa_n|pg_strtoint\w*|hash_any\w*|hashtext\w*|hashint\w*|texteq|texteqfast|varstr_cmp|bttextcmp|btint\w*cmp|in_range\w*|coalesce\w*|to_char\w*|DCH_\w+|datum\w*|Datum\w*|make_result|strip_var|set_var_from\w*|get_str_from_var|add_abs|sub_abs)$/,
    'data types: functions, conversions, detoasting',
  ],
  [
    /^(heap_\w+|heapam_\w+|heapgettup\w*|heapgetpage|heap_hot_search_buffer|heap_page_prune\w*|heap_prune\w*|RelationGetBufferForTuple|RelationPutHeapTuple|PageAddItemExtended|PageGetHeapFreeSpace|PageRepairFragmentation|PageIndex\w*|visibilitymap_\w+|table_\w+|simple_heap_\w+|CatalogTuple\w*|GetFreeIndexPage|RecordPageWithFreeSpace|GetPageWithFreeSpace|fsm_\w+|toast_insert_or_update|heap_toast\w*)$/,
    'heap access',
  ],
  [
    /^(_bt\w*|bt\w+|index_\w+|IndexNext\w*|IndexOnlyNext|ExecIndex\w*|BuildIndexInfo|FormIndexDatum|gin\w*|gist\w*|hash\w+|_hash_\w+|brin\w*|spg\w*)$/,
    'index access',
  ],
  [
    /^(ReadBuffer\w*|ReleaseBuffer|ReleaseAndReadBuffer|IncrBufferRefCount|UnlockReleaseBuffer|LockBuffer|LockBufferForCleanup|ConditionalLockBuffer|MarkBuffer\w*|BufferGet\w+|BufTable\w*|PinBuffer\w*|UnpinBuffer\w*|StrategyGetBuffer|BufferAlloc|FlushBuffer|BgBufferSync|SyncOneBuffer|CheckPointBuffers|BufferSync|ResourceOwnerEnlargeBuffers|ResourceOwnerRemember\w*|ResourceOwnerForget\w*)$/,
    'shared buffers (pin, lock, look-up)',
  ],
  [
    /^(tuplesort_\w+|qsort\w*|pg_qsort|comparetup_\w+|ApplySortComparator|btint4fastcmp|ssup_\w+)$/,
    'sorting',
  ],
  [
    /^(hash_search\w*|hash_seq_\w+|hash_create|hash_destroy|hash_estimate_size|get_hash_value|tag_hash|string_hash|uint32_hash|oid_hash|BuildTupleHashTable\w*|LookupTupleHashEntry\w*|FindTupleHashEntry|TupleHashTableHash\w*)$/,
    'dynahash / tuple hash tables',
  ],
  [
    /^(ResourceOwner\w*|AtEOXact_\w+|AtCommit_\w+|AtStart_\w+|AtAbort_\w+|CallXactCallbacks|RecordTransactionCommit|ProcArrayEndTransaction\w*|TransactionIdCommitTree|TransactionIdSetTreeStatus|TransactionIdAsyncCommitTree|SetHintBits|AssignTransactionId|GetNewTransactionId|ExtendCLOG|SimpleLru\w*|smgr\w*|md\w+|PreCommit_\w+|AtEOXact\w*)$/,
    'transaction bookkeeping (xids, clog, resource owners)',
  ],
  [
    /^(SPI_\w+|_SPI_\w+|RI_\w+|ri_\w+|AfterTrigger\w*|ExecBRInsertTriggers|ExecARInsertTriggers|ExecARUpdateTriggers|ExecBRUpdateTriggers)$/,
    'triggers and foreign-key checks (SPI)',
  ],
  [
    /^(pq_\w+|secure_\w+|be_tls\w*|socket_\w+|printtup\w*|SendRowDescriptionMessage|ReadCommand)$/,
    'protocol (libpq messages)',
  ],
  [
    /^(core_yylex|base_yylex|base_yyparse|scanner_\w+|raw_parser|makeA_Expr|makeColumnRef|makeTypeName\w*|ScanKeywordLookup|downcase_\w+|truncate_identifier)$/,
    'raw parser (grammar, lexer)',
  ],
  [
    /^(transform\w+|parse_\w+|ParseFuncOrColumn|func_get_detail|FuncnameGetCandidates|make_op|oper_select_candidate|coerce_\w+|can_coerce_type|find_coercion_pathway|make_const|addRangeTableEntry\w*|scanNSItemForColumn|colNameToVar|LookupTypeName\w*|typenameType\w*|OpernameGetOprid|RangeVarGetRelidExtended|select_common_type\w*)$/,
    'parse analysis',
  ],
  [
    /^(set_\w+_pathlist|set_\w+_size_estimates|create_\w+_path|create_\w+_plan|add_path|add_partial_path|make_one_rel|make_rel_from_joinlist|standard_join_search|join_search_one_level|make_join_rel|query_planner|grouping_planner|subquery_planner|preprocess_\w+|pull_up_\w+|reduce_outer_joins|distribute_\w+|build_simple_rel|build_base_rel_tlists|clauselist_selectivity\w*|clause_selectivity\w*|restriction_selectivity|join_selectivity|eqsel\w*|scalarineqsel\w*|var_eq_const|get_restriction_variable|examine_variable|estimate_\w+|cost_\w+|initial_cost_\w+|final_cost_\w+|compare_path_costs\w*|get_relation_info|eval_const_expressions\w*|simplify_function|inline_function|expand_\w+|set_plan_references|fix_\w+|SS_\w+|make_pathkeys\w*|pathkeys_\w+|generate_\w+|match_clause\w*|find_\w+|build_index_paths|create_index_paths|index_pages_fetched|get_relation_statistics|ec_\w+|process_equivalence|reconsider_\w+|add_\w+_to_\w+|extract_\w+|contain_\w+|pull_var\w*|pull_varnos\w*|relation_excluded_by_constraints|has_\w+|is_\w+|canonicalize_\w+|make_\w+)$/,
    'planner (paths, costs, selectivity)',
  ],
  [
    /^(WaitEventSetWait\w*|WaitLatch\w*|ResetLatch|SetLatch|latch_sigurg_handler|WaitForBackgroundWorker\w*|pg_usleep|ProcSleep|ProcWakeup|PGSemaphore\w*|ConditionVariable\w*)$/,
    'waiting, latches, semaphores',
  ],
  [/^(pgstat_\w+|pgss_\w+|pg_stat_\w+|pgStat\w*)$/, 'statistics (pgstat, pg_stat_statements)'],
  [
    /^(do_autovacuum|autovacuum_\w+|vacuum\w*|lazy_\w+|heap_vacuum_rel|analyze_rel|do_analyze_rel|acquire_sample_rows|compute_\w+_stats|std_typanalyze|update_attstats|vac_\w+|heap_page_prune\w*)$/,
    'vacuum / analyze',
  ],
  [
    /^PostgresMain$/,
    "the backend's loop between statements: PostgresMain and its static callees (exec_*_message, socket_*)",
  ],
  [
    /^(CheckpointerMain|CreateCheckPoint|CheckPointGuts|BackgroundWriterMain|WalWriterMain|AutoVacLauncherMain|ServerLoop|PostmasterMain|sigusr1_handler|reaper)$/,
    'background process main loop',
  ],
];

/** ExecInit functions that set up a node's parts, not a node. */
const NOT_A_NODE =
  /^ExecInit(Node|Expr\w*|Qual|Check|ExprList|ExprWithParams|ResultTupleSlotTL|ResultTypeTL|ResultSlot|ScanTupleSlot|ExtraTupleSlot|NullTupleSlot|Junk\w*|RangeTable|ResultRelation|RoutingInfo|TableFunctionResult|FunctionResultSet|TableValuedFunction)$/;

const classify = (rules: Array<[RegExp, string]>, name: string): string | null => {
  for (const [re, label] of rules) if (re.test(name)) return label;
  return null;
};

/**
 * Reads a perf file of PostgreSQL's processes and tells where their samples went: by process kind, and the
 * backends' by phase of the statement (the outermost known function on the stack), by kind of work (the innermost
 * named function that matches an area: WAL, LWLocks, JSON, catalog caches, memory contexts…), by the innermost
 * named function (self) and by function inclusive. `cpuMsPerOrder` (the /proc figure) turns shares into ms.
 */
export async function summarisePgPerf(
  dataFile: string,
  opts: { label: string; orders: number; kinds: Map<number, string>; cpuMsPerOrder?: number; top?: number },
): Promise<PerfSummary> {
  const top = opts.top ?? 30;
  const byKind = new Map<string, number>();
  const phase = new Map<string, number>();
  const work = new Map<string, number>();
  const workOther = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclFn = new Map<string, number>();
  const kernel = new Map<string, number>();
  const startUpNode = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let samples = 0;
  let backendSamples = 0;
  const named = (f: StackFrame) => f.sym !== '[unknown]' && !f.dso.includes('kernel');
  for await (const { pid, frames } of perfSamples(dataFile)) {
    samples++;
    const kind = opts.kinds.get(pid) ?? 'started and ended during the recording (autovacuum worker, backend)';
    add(byKind, kind);
    if (kind === 'backend') {
      backendSamples++;
      // the phase: the first match from the root
      let ph: string | null = null;
      for (let i = frames.length - 1; i >= 0 && !ph; i--) ph = classify(PG_PHASES, frames[i]!.sym);
      for (let i = frames.length - 1; i >= 0 && !ph; i--) ph = classify(PG_PHASE_CONTAINERS, frames[i]!.sym);
      add(phase, ph ?? '(other: the main loop between statements, no known phase)');
      if (ph === 'executor start-up') {
        // the node being set up: the innermost ExecInit<Node> (the expressions' and slots' set-up under it)
        const node = frames.find((f) => /^ExecInit[A-Z]\w*$/.test(f.sym) && !NOT_A_NODE.test(f.sym));
        add(startUpNode, node ? node.sym : '(ExecutorStart itself: range table, locks, result relations)');
      }
      const leaf = frames[0];
      // the work: the innermost named frame that matches an area; a kernel leaf by its syscall
      let w: string | null = null;
      if (leaf?.dso.includes('kernel')) {
        const user = frames.find((f) => !f.dso.includes('kernel'));
        const sys = (user?.sym ?? '?').replace(/^__(libc_)?/, '').replace(/@.*$/, '');
        add(kernel, sys);
        w =
          /^(send|recv|sendto|recvfrom|epoll_wait|poll|read|write)$/.test(sys) && !/^(pread|pwrite)/.test(sys)
            ? `kernel: socket and wait (${sys})`
            : `kernel: ${sys}`;
      }
      for (let i = 0; i < frames.length && !w; i++) {
        const f = frames[i]!;
        if (!named(f)) continue;
        w = classify(PG_WORK, f.sym);
        if (!w && f.dso.includes('libc.so'))
          w = /memcpy|memset|memmove|memcmp|strlen|strcmp|strncmp|strchr/.test(f.sym)
            ? 'libc: memory and string primitives'
            : /malloc|free|realloc|calloc|_int_/.test(f.sym)
              ? 'libc: malloc'
              : null;
      }
      if (!w) {
        const n = frames.find(named);
        w = '(unclassified)';
        if (n) add(workOther, n.sym);
      }
      add(work, w);
      const first = frames.findIndex(named);
      const self =
        first < 0
          ? '(no named frame)'
          : first === 0
            ? frames[0]!.sym
            : `${frames[first]!.sym} (in a static callee)`;
      add(
        selfFn,
        `${self}${first >= 0 && !frames[first]!.dso.includes('postgres') ? ` [${frames[first]!.dso.replace(/^.*\//, '')}]` : ''}`,
      );
      for (const k of new Set(frames.filter(named).map((f) => f.sym))) add(inclFn, k);
    }
  }
  const perOrder = opts.cpuMsPerOrder;
  const row = (n: number, k: string) =>
    `  ${((n / Math.max(1, samples)) * 100).toFixed(1).padStart(5)} %` +
    (perOrder === undefined ? '' : ` ${((n / Math.max(1, samples)) * perOrder).toFixed(2).padStart(6)} ms`) +
    `  ${k}`;
  const heaviest = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, c]) => row(c, k));
  return {
    samples,
    lines: [
      `On-CPU profile of PostgreSQL (perf, 999 Hz), ${opts.label}: ${samples} samples (${(samples / 999).toFixed(1)} s of CPU), ` +
        `${opts.orders} orders` +
        (perOrder === undefined ? '' : `, ${perOrder.toFixed(1)} ms of PostgreSQL CPU per order by /proc`),
      `  shares of all the cluster's samples${perOrder === undefined ? '' : ', and ms per order (the share of the /proc figure)'}`,
      ' by process kind:',
      ...heaviest(byKind, 12),
      ` backends (${backendSamples} samples), by phase (the outermost known function on the stack):`,
      ...heaviest(phase, 25),
      ' backends, executor start-up, by the node set up (the innermost ExecInit<Node> on the stack):',
      ...heaviest(startUpNode, 15),
      ' backends, by kind of work (the innermost named function that matches an area; a static function counts as its caller):',
      ...heaviest(work, 40),
      '  of it unclassified, by the innermost named function:',
      ...heaviest(workOther, 15),
      ' backends, in the kernel, by syscall:',
      ...heaviest(kernel, 12),
      ' backends, by the innermost named function (self):',
      ...heaviest(selfFn, top),
      ' backends, by function, inclusive:',
      ...heaviest(inclFn, top + 20),
    ],
  };
}
