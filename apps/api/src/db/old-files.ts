import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from '../lib/file-store';

/**
 * Moves the files an earlier version kept on one machine's disk into the file store (decision 090), at start
 * after the SQL migrations: the forms' uploads of FORM_UPLOADS_DIR (`<32 hex digits>` → `forms/<name>`) and
 * the leaflets' drawn files of LEAFLETS_DIR (`<id>-<version>/<file>` → `leaflets/<id>-<version>/<file>`, only
 * folders whose PDF, written last, is there: the others are drawn again on demand). A file the store has is
 * skipped, and each file is stored whole or not at all, so a start that dies halfway is finished by the next
 * one, and every host can run it for its own disk. The old files are left where they are: the operator
 * deletes the folders once a start has logged that nothing is left to copy.
 */
export interface OldFilesReport {
  copied: number;
  present: number;
}

const LEAFLET_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};
const LEAFLET_FOLDER = /^\d{1,9}-[0-9a-f]{12}$/;
const LEAFLET_FILE = /^(?:pagina-\d{1,3}(?:-\d{3,4})?\.(?:png|webp|avif)|volantino\.pdf)$/;
const LEAFLET_PDF = 'volantino.pdf';

/** The names in a folder; none when it does not exist. */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function foldersIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function copy(
  store: FileStore,
  report: OldFilesReport,
  path: string,
  key: string,
  contentType: string,
): Promise<void> {
  if (await store.head(key)) {
    report.present += 1;
    return;
  }
  await store.put(key, createReadStream(path), contentType);
  report.copied += 1;
}

export async function moveOldFiles(
  dirs: { formUploadsDir: string; leafletsDir: string },
  store: FileStore,
): Promise<OldFilesReport> {
  const report: OldFilesReport = { copied: 0, present: 0 };
  for (const name of await namesIn(dirs.formUploadsDir))
    if (/^[a-f0-9]{32}$/.test(name))
      await copy(store, report, join(dirs.formUploadsDir, name), `forms/${name}`, 'application/octet-stream');
  for (const folder of await foldersIn(dirs.leafletsDir)) {
    if (!LEAFLET_FOLDER.test(folder)) continue;
    const names = (await namesIn(join(dirs.leafletsDir, folder))).filter((n) => LEAFLET_FILE.test(n));
    if (!names.includes(LEAFLET_PDF)) continue;
    // the PDF last, as the drawing writes it: a folder is whole in the store once its PDF is there
    for (const name of [...names.filter((n) => n !== LEAFLET_PDF), LEAFLET_PDF])
      await copy(
        store,
        report,
        join(dirs.leafletsDir, folder, name),
        `leaflets/${folder}/${name}`,
        LEAFLET_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      );
  }
  return report;
}
