// `npm start`: serve the shop (API + built web app) from one Node process on PORT (default 8080).
//
// Builds the web app and the back office first when their production builds are missing, and the API server
// (apps/api/dist/server.mjs, scripts/build-api.mjs) when it is missing or older than its sources; then runs the
// compiled server as a child with the same environment (no TypeScript compiled at start-up: decision 089),
// forwarding SIGINT/SIGTERM and exiting with its exit code. The server itself creates, migrates and seeds
// var/pglite on first start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, isApiBuildStale } from './build-api.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ? resolve(root, process.env.WEB_DIST) : join(root, 'apps/web/dist');
const adminDist = process.env.ADMIN_DIST
  ? resolve(root, process.env.ADMIN_DIST)
  : join(root, 'apps/admin/dist');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Builds a front end first when its production build is missing (the shop's web app, its app variant in
 * apps/web/dist-app, the back office).
 */
function buildIfMissing(name, dist, workspace, script = 'build') {
  if (existsSync(join(dist, 'index.html'))) return;
  console.log(
    `[start] ${join(dist, 'index.html')} is missing: building ${name} first (npm run ${script} -w ${workspace})`,
  );
  const t0 = Date.now();
  const build = spawnSync(npm, ['run', script, '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(
      `[start] the ${name} build failed (exit ${build.status ?? build.signal}); not starting the server`,
    );
    process.exit(build.status || 1);
  }
  console.log(`[start] ${name} built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

buildIfMissing(
  'the web app',
  webDist,
  '@spesa/web',
  webDist === join(root, 'apps/web/dist-app') ? 'build:app' : 'build',
);
buildIfMissing('the back office', adminDist, '@spesa/admin');

if (isApiBuildStale()) {
  console.log('[start] compiling the API server (apps/api/dist/server.mjs)');
  try {
    const ms = await buildApi();
    console.log(`[start] API compiled in ${(ms / 1000).toFixed(1)} s`);
  } catch (err) {
    console.error(`[start] the API build failed; not starting the server\n${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.mjs')], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
});

let forwarded = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    // A terminal's Ctrl-C reaches the whole process group, the server included: forward only once, so the
    // server sees one signal and shuts down gracefully instead of treating a second one as "force quit".
    if (forwarded) return;
    forwarded = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(sig);
  });
}

server.on('error', (err) => {
  console.error(`[start] could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) {
    // Exit the way the server did (e.g. killed by SIGTERM -> 143).
    process.exitCode = 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1, SIGKILL: 9 }[signal] ?? 1);
  } else {
    process.exitCode = code ?? 1;
  }
});
