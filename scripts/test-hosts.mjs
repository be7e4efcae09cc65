// `npm run test:hosts`: the shop on several machines, built on this one with network namespaces (decision 091).
//
// This file does what needs root and must always be undone: it checks it can run (root, `ip netns`, the
// PostgreSQL server binaries), installs HAProxy from Debian when it is missing, builds the namespaces and the
// veth pairs of a private network 10.152.0.0/24 (one bridge in its own namespace; nothing reaches the machine's
// own interfaces), runs the test itself (bench/src/hosts/main.ts, through tsx) inside the "client" namespace, and
// on exit — passed, failed or interrupted — kills every process left in the namespaces and deletes them and the
// working folder.
//
//   exit 0  passed      exit 1  a check failed      exit 3  cannot run here (the reason is printed)
//
// Flags: --keep (leave the namespaces and the working folder for a look; `--cleanup` removes them later).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBinDir } from './lib/pg-cluster.mjs';
import { buildApi, isApiBuildStale } from './build-api.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CANNOT_RUN = 3;
const PREFIX = 'spesa-h-';
/** The machines of the test: namespace suffix and address on 10.152.0.0/24 (the same table as topology.ts). */
const HOSTS = [
  ['lb', 2],
  ['api1', 21],
  ['api2', 22],
  ['db1', 11],
  ['db2', 12],
  ['client', 100],
];
const SWITCH = `${PREFIX}switch`;
const args = new Set(process.argv.slice(2));

function cannotRun(reason) {
  console.log(`test:hosts cannot run here: ${reason}`);
  process.exit(CANNOT_RUN);
}

function sh(cmd, argv, { check = true } = {}) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (check && r.status !== 0)
    throw new Error(
      `${cmd} ${argv.join(' ')} failed (${r.status ?? r.signal}): ${`${r.stdout}${r.stderr}`.trim()}`,
    );
  return r;
}

/** Our namespaces that exist now (also the ones a crashed earlier run left behind). */
function ourNamespaces() {
  const r = sh('ip', ['netns', 'list'], { check: false });
  return r.stdout
    .split('\n')
    .map((l) => l.split(' ')[0])
    .filter((n) => n && n.startsWith(PREFIX));
}

/** Kills every process inside our namespaces, then deletes the namespaces (their veth ends go with them). */
function cleanup() {
  for (const ns of ourNamespaces()) {
    const pids = sh('ip', ['netns', 'pids', ns], { check: false })
      .stdout.split('\n')
      .map(Number)
      .filter((p) => p > 0);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  // the killed processes must be gone before a namespace is deleted for good
  const deadline = Date.now() + 5000;
  while (
    Date.now() < deadline &&
    ourNamespaces().some((ns) => sh('ip', ['netns', 'pids', ns], { check: false }).stdout.trim())
  )
    spawnSync('sleep', ['0.1']);
  for (const ns of ourNamespaces()) sh('ip', ['netns', 'delete', ns], { check: false });
}

function preflight() {
  if (process.platform !== 'linux') cannotRun('network namespaces are a Linux feature');
  if (typeof process.getuid !== 'function' || process.getuid() !== 0)
    cannotRun(
      'it must run as root (network namespaces, veth pairs, PostgreSQL as the postgres user); run: sudo npm run test:hosts',
    );
  if (sh('ip', ['-V'], { check: false }).status !== 0)
    cannotRun('`ip` (iproute2) is missing: apt-get install iproute2');
  const probe = `${PREFIX}probe`;
  sh('ip', ['netns', 'delete', probe], { check: false });
  const made = sh('ip', ['netns', 'add', probe], { check: false });
  if (made.status !== 0)
    cannotRun(
      `\`ip netns add\` is refused (${made.stderr.trim()}): a container without CAP_SYS_ADMIN or a kernel without network namespaces`,
    );
  const veth = sh('ip', ['-n', probe, 'link', 'add', 'p0', 'type', 'veth', 'peer', 'name', 'p1'], {
    check: false,
  });
  sh('ip', ['netns', 'delete', probe], { check: false });
  if (veth.status !== 0) cannotRun(`veth pairs cannot be made (${veth.stderr.trim()})`);
  if (!findPgBinDir()) cannotRun('the PostgreSQL server binaries are missing: apt-get install postgresql');
  if (sh('id', ['-u', 'postgres'], { check: false }).status !== 0)
    cannotRun(
      'there is no "postgres" user to run the database servers as (apt-get install postgresql makes it)',
    );
  if (sh('sh', ['-c', 'command -v haproxy'], { check: false }).status !== 0) {
    console.log('HAProxy is missing: apt-get install haproxy');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = (a) => spawnSync('apt-get', a, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (install(['install', '-y', '-q', '--no-install-recommends', 'haproxy']).status !== 0) {
      install(['update', '-q']);
      if (install(['install', '-y', '-q', '--no-install-recommends', 'haproxy']).status !== 0)
        cannotRun('HAProxy could not be installed from Debian (apt-get install haproxy failed, see above)');
    }
    // the package starts its own service on port 80: this test runs its own instances only
    spawnSync(
      'sh',
      ['-c', 'systemctl disable --now haproxy 2>/dev/null || service haproxy stop 2>/dev/null'],
      {
        stdio: 'ignore',
      },
    );
  }
}

/** The private network: a bridge in its own namespace, one veth pair per machine. */
function buildNetwork() {
  sh('ip', ['netns', 'add', SWITCH]);
  sh('ip', ['-n', SWITCH, 'link', 'add', 'br0', 'type', 'bridge']);
  sh('ip', ['-n', SWITCH, 'link', 'set', 'br0', 'up']);
  for (const [name, octet] of HOSTS) {
    const ns = `${PREFIX}${name}`;
    sh('ip', ['netns', 'add', ns]);
    sh('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    // both ends are born inside namespaces: no interface appears on the machine itself, not even for a moment
    sh('ip', ['-n', ns, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', `v-${name}`, 'netns', SWITCH]);
    sh('ip', ['-n', ns, 'addr', 'add', `10.152.0.${octet}/24`, 'dev', 'eth0']);
    sh('ip', ['-n', ns, 'link', 'set', 'eth0', 'up']);
    sh('ip', ['-n', SWITCH, 'link', 'set', `v-${name}`, 'master', 'br0', 'up']);
  }
}

if (args.has('--cleanup')) {
  cleanup();
  for (const d of readdirSync(tmpdir()).filter((d) => d.startsWith('spesa-hosts-')))
    rmSync(join(tmpdir(), d), { recursive: true, force: true });
  console.log('test:hosts: namespaces and working folders removed');
  process.exit(0);
}

preflight();
cleanup(); // what an interrupted earlier run left
const workDir = mkdtempSync(join(tmpdir(), 'spesa-hosts-'));
// the database servers run as postgres: it must reach its folders inside
chmodSync(workDir, 0o755);
let finished = false;
const finish = () => {
  if (finished) return;
  finished = true;
  if (args.has('--keep')) {
    console.log(
      `--keep: namespaces ${PREFIX}* and ${workDir} left; remove them with npm run test:hosts -- --cleanup`,
    );
    return;
  }
  cleanup();
  rmSync(workDir, { recursive: true, force: true });
};
process.on('exit', finish);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));

// the hosts run the compiled server (decision 089), as a production start does
if (isApiBuildStale()) {
  console.log('test:hosts: compiling the API server (apps/api/dist/server.mjs)');
  await buildApi();
}

try {
  buildNetwork();
} catch (err) {
  console.error(`test:hosts: the network could not be built: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
mkdirSync(join(workDir, 'logs'), { recursive: true });
const child = spawn(
  'ip',
  [
    'netns',
    'exec',
    `${PREFIX}client`,
    process.execPath,
    '--import',
    'tsx',
    join(root, 'bench/src/hosts/main.ts'),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SPESA_HOSTS_WORK_DIR: workDir, SPESA_HOSTS_NS_PREFIX: PREFIX },
  },
);
child.on('exit', (code, signal) => {
  if (signal) console.error(`test:hosts: the test ended on ${signal}`);
  if (code !== 0 && existsSync(join(workDir, 'logs')))
    console.error(`logs of the machines were in ${join(workDir, 'logs')} (deleted now; --keep leaves them)`);
  process.exit(code ?? 1);
});
