import { cpSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The PGlite data folders of the API tests (decision 009). The run's migrated and seeded database is unpacked
 * once into a template folder (global-setup.ts); each database a test file opens is a copy of that folder, which
 * PGlite opens as the shop opens its DATA_DIR. A copy is a few file copies in the kernel, where loading a
 * tarball into PGlite's memory unpacks 57 MB in JavaScript at every open (≈ 0.4 s of CPU more each, a few
 * hundred opens a run). The folders live in /dev/shm when it has room (memory, no disk writes), else in the
 * temporary folder.
 */
const SHM = '/dev/shm';
const ROOM_BYTES = 4 * 1024 ** 3;

function roomy(folder: string): boolean {
  try {
    const stats = statfsSync(folder);
    return stats.bavail * stats.bsize >= ROOM_BYTES;
  } catch {
    return false;
  }
}

/** Unpacks the image into a new template folder; its parent folder holds the copies and goes at the end. */
export async function writeTemplateFolder(tarball: Blob): Promise<string> {
  const root = mkdtempSync(join(roomy(SHM) ? SHM : tmpdir(), 'spesa-api-test-'));
  const template = join(root, 'template');
  const pglite = await PGlite.create({
    dataDir: template,
    loadDataDir: tarball,
    extensions: { pg_trgm, unaccent },
  });
  await pglite.close();
  return template;
}

let copies = 0;

/** A copy of the template folder for one database, beside it; `remove` deletes it once the database is closed. */
export function copyTemplateFolder(template: string): { dataDir: string; remove: () => void } {
  const dataDir = join(dirname(template), `copy-${process.pid}-${++copies}`);
  cpSync(template, dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}
