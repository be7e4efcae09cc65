// `npm run typecheck`: every workspace's TypeScript projects, checked in turn by TypeScript 7 (this package's
// own `tsc`, the native compiler, which checks with several threads). The root's TypeScript 6 stays for
// typescript-eslint (it wants typescript < 6.1) and for editors; both read the same tsconfig files.
//
//   node tools/typecheck/check.mjs [workspace ...]   e.g. `apps/api apps/web`; none: all of them
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const tsc = join(here, 'node_modules/typescript/bin/tsc');

/** Each workspace's tsconfig files: the web app's service worker is a project of its own. */
const PROJECTS = {
  'packages/shared': ['tsconfig.json'],
  'apps/api': ['tsconfig.json'],
  'apps/web': ['tsconfig.json', 'sw/tsconfig.json'],
  'apps/admin': ['tsconfig.json'],
  e2e: ['tsconfig.json'],
  bench: ['tsconfig.json'],
};

const asked = process.argv.slice(2).map((w) => w.replace(/\/$/, ''));
for (const w of asked)
  if (!(w in PROJECTS)) {
    console.error(`typecheck: unknown workspace ${w} (known: ${Object.keys(PROJECTS).join(', ')})`);
    process.exit(2);
  }

let failed = 0;
for (const [workspace, configs] of Object.entries(PROJECTS)) {
  if (asked.length && !asked.includes(workspace)) continue;
  for (const config of configs) {
    const project = join(workspace, config);
    const t0 = Date.now();
    const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], {
      cwd: root,
      stdio: 'inherit',
    });
    console.log(`${status === 0 ? '✓' : '✗'} ${project} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    if (status !== 0) failed += 1;
  }
}
process.exit(failed ? 1 : 0);
