// Backups of `npm run test:hosts` (decision 091): a base backup with deploy/pg-backup.sh while the shop runs, and
// the restore drill — deploy/pg-restore.sh into a fresh cluster, the archive replayed (through the failover's new
// timeline), the same orders, payments and files as the live primary, and the shop starting on it.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, sleep } from '../lib';
import { API } from '../scenarios';
import { ADDR, API_SERVER, PgHost, WORK_DIR, inMachine, killGroup, startIn, waitFor } from './topology';

const backupDir = () => join(WORK_DIR, 'backups');
const pgBinEnv = { PG_BIN: '/usr/lib/postgresql/15/bin' };

export function takeBaseBackup(archive: string): string {
  mkdirSync(backupDir(), { recursive: true });
  spawnSync('chown', ['-R', 'postgres', backupDir()]);
  const out = inMachine('client', 'sh', [join(root, 'deploy/pg-backup.sh')], {
    asPostgres: true,
    env: {
      ...process.env,
      ...pgBinEnv,
      PGHOST: ADDR.lb,
      PGPORT: '5432',
      PGUSER: 'postgres',
      BACKUP_DIR: backupDir(),
      WAL_ARCHIVE_DIR: archive,
    },
  });
  return out.trim();
}

/**
 * One line per table a restore must bring back exactly: orders, their lines, payments, and every column of
 * file bytes (bytea: product photos today, and whatever other files are kept in the database).
 */
const FINGERPRINT = `
WITH files AS (
  SELECT table_name, column_name FROM information_schema.columns
  WHERE table_schema = 'public' AND data_type = 'bytea')
SELECT 'orders ' || count(*) || ' ' || md5(string_agg(order_id || ':' || order_status_id || ':' || coalesce(idempotency_key, ''), ',' ORDER BY order_id)) FROM orders
UNION ALL SELECT 'order_items ' || count(*) || ' ' || md5(string_agg(order_id || ':' || product_id || ':' || quantity, ',' ORDER BY order_id, product_id, quantity)) FROM order_items
UNION ALL SELECT 'payment_authorizations ' || count(*) || ' ' || md5(string_agg(order_id || ':' || status, ',' ORDER BY order_id, status)) FROM payment_authorizations
UNION ALL SELECT 'bytea columns: ' || coalesce(string_agg(table_name || '.' || column_name, ' ' ORDER BY table_name, column_name), 'none') FROM files`;

function fileFingerprints(pg: (q: string) => string): string[] {
  const cols = pg(
    `SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'bytea' ORDER BY 1`,
  )
    .split('\n')
    .filter(Boolean);
  return cols.map((c) => {
    const [t, col] = c.split('.');
    return `${c} ${pg(`SELECT count(*) || ' ' || coalesce(md5(string_agg(md5(${col}), ',' ORDER BY md5(${col}))), '-') FROM ${t}`)}`;
  });
}

/** Milliseconds until the file fingerprints stay the same over 5 s (at most 120 s). */
async function filesAtRest(pg: (q: string) => string): Promise<number> {
  const t0 = Date.now();
  let last = fileFingerprints(pg).join('\n');
  let sameSince = Date.now();
  while (Date.now() - sameSince < 5000) {
    if (Date.now() - t0 > 120_000) throw new Error('the live files still change after 120 s');
    await sleep(500);
    const now = fileFingerprints(pg).join('\n');
    if (now !== last) [last, sameSince] = [now, Date.now()];
  }
  return sameSince - t0;
}

export async function backupDrill(
  archive: string,
  livePrimary: PgHost,
  expected: { token: string; orderIds: number[] },
): Promise<void> {
  // The hosts draw the current leaflets' files in the background after they start (both of them, each missing
  // file): the files compared must be at rest before the last segment is archived, or the live primary holds
  // files written after it. At rest = the same file fingerprints over 5 s.
  const resting = await filesAtRest((q) => livePrimary.psql(q, 'spesa'));
  console.log(`  the live files at rest after ${(resting / 1000).toFixed(1)} s`);
  // the live primary's last WAL segment goes to the archive now (archive_timeout does it in production)
  const segment = livePrimary.psql('SELECT pg_walfile_name(pg_current_wal_lsn())');
  livePrimary.psql('SELECT pg_switch_wal()');
  await waitFor(
    'the last WAL segment is archived',
    () => readdirSync(archive).some((f) => f.startsWith(segment)),
    20_000,
  );
  const bases = readdirSync(join(backupDir(), 'base'))
    .filter((d) => d.endsWith('Z'))
    .sort();
  const base = join(backupDir(), 'base', bases.at(-1)!);
  // a fresh cluster on a machine of its own (the client's namespace, where this test runs), so that nothing of
  // the live setup reaches it: HAProxy's role checks do not know it
  const restored = new PgHost('client', archive, 'restored');
  const data = restored.data;
  mkdirSync(restored.dir, { recursive: true });
  spawnSync('chown', ['-R', 'postgres', join(WORK_DIR, 'restored')]);
  const t0 = Date.now();
  inMachine('client', 'sh', [join(root, 'deploy/pg-restore.sh'), base, data], {
    asPostgres: true,
    env: { ...process.env, WAL_ARCHIVE_DIR: archive },
  });
  // its own socket folder (the copied settings name the old primary's)
  appendFileSync(join(data, 'postgresql.auto.conf'), `unix_socket_directories = '${restored.dir}'\n`);
  restored.start();
  await waitFor(
    'the restored cluster finishes its recovery',
    () => restored.psql('SELECT pg_is_in_recovery()') === 'f',
    60_000,
    200,
  );
  console.log(
    `  restored ${bases.at(-1)} and replayed ${readdirSync(archive).length} archived WAL files in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const live = livePrimary.psql(FINGERPRINT, 'spesa').split('\n');
  const back = restored.psql(FINGERPRINT, 'spesa').split('\n');
  const liveFiles = fileFingerprints((q) => livePrimary.psql(q, 'spesa'));
  const backFiles = fileFingerprints((q) => restored.psql(q, 'spesa'));
  for (const line of [...live, ...liveFiles]) console.log(`  live primary: ${line}`);
  const problems: string[] = [];
  [...live, ...liveFiles].forEach((l, i) => {
    const other = [...back, ...backFiles][i];
    if (l !== other) problems.push(`restored "${other}" differs from live "${l}"`);
  });
  console.log(
    `  ${problems.length ? '✗' : '✓'} the restored cluster holds the same orders, lines, payments and files`,
  );
  // the shop starts on it (one process, this machine) and a buyer finds their orders
  const shop = startIn('client', 'restored-api', process.execPath, [API_SERVER], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '8090',
    WORKERS: '1',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/spesa',
    DEMO_SHOP: 'on',
    PAYMENT_SANDBOX: 'on',
    PAYMENT_SANDBOX_SECRET: 'restore-drill-secret-restore-drill-secret',
    STAFF_TOTP_KEY: 'restore-drill-staff-key-restore-drill-staff-key',
    FORM_UPLOADS_DIR: join(WORK_DIR, 'restored', 'form-uploads'),
    LEAFLETS_DIR: join(WORK_DIR, 'restored', 'leaflets'),
  });
  try {
    const ms = await waitFor(
      'the shop answers on the restored database',
      async () => (await fetch('http://127.0.0.1:8090/ebsn/api/version.json')).ok,
      120_000,
      250,
    );
    const res = await fetch(`http://127.0.0.1:8090${API}/order/list`, {
      headers: { cookie: `x-ebsn-account=${expected.token}` },
    });
    const text = await res.text();
    const seen = expected.orderIds.filter((id) => text.includes(String(id))).length;
    console.log(
      `  the shop started on the restored cluster in ${(ms / 1000).toFixed(1)} s; a buyer's order list shows ${seen} of their ${expected.orderIds.length} orders`,
    );
    if (seen !== expected.orderIds.length)
      problems.push(
        `the buyer's order list on the restored shop shows ${seen} of ${expected.orderIds.length} orders`,
      );
  } finally {
    killGroup(shop, 'SIGKILL');
    await sleep(100);
  }
  if (problems.length) throw new Error(problems.join('; '));
}
