// `npm run build -w @spesa/api` (part of `npm run build`): the API server compiled to one JavaScript file,
// apps/api/dist/server.mjs, so that a production start (and a replaced cluster worker) loads plain JavaScript
// instead of compiling TypeScript with tsx (decision 089).
//
// esbuild bundles apps/api/src/server.ts with @spesa/shared (TypeScript source in this repository); every other
// package stays in node_modules (external). The sources that find files beside themselves (mail and page
// templates, the SQL migrations, the repository's root) do it with `import.meta.url`: each one is rewritten to
// the URL of its own source file, so the bundle reads the same files from apps/api/src as the sources do.
//
//   node scripts/build-api.mjs            build
//   node scripts/build-api.mjs --if-stale build only when a source is newer than the bundle (scripts/start.mjs)
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'apps/api/dist');
const outfile = join(outdir, 'server.mjs');
const sourceDirs = [join(root, 'apps/api/src'), join(root, 'packages/shared/src')];

/** The newest modification time of the bundle's sources (and of this script and the lock file). */
function newestSource() {
  let newest = Math.max(statSync(fileURLToPath(import.meta.url)).mtimeMs, statSync(join(root, 'package-lock.json')).mtimeMs);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of sourceDirs) walk(dir);
  return newest;
}

export function isApiBuildStale() {
  return !existsSync(outfile) || statSync(outfile).mtimeMs < newestSource();
}

/** Bare imports stay packages of node_modules, except the workspace's shared contracts (TypeScript). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@spesa/shared')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta.url` of a source file becomes that file's own URL, relative to the bundle. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = relative(outdir, args.path).split(sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

export async function buildApi() {
  const t0 = performance.now();
  await build({
    entryPoints: [join(root, 'apps/api/src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages, ownUrl],
  });
  return performance.now() - t0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !isApiBuildStale()) process.exit(0);
  const ms = await buildApi();
  console.log(`API compiled to ${relative(root, outfile)} in ${(ms / 1000).toFixed(1)} s`);
}
