// `npm start`: serve the shop (API + built web app) from one Node process on PORT (default 8080).
//
// Builds the web app first when its production build is missing, then runs the API server
// (apps/api/src/server.ts through tsx) as a child with the same environment, forwarding SIGINT/SIGTERM and
// exiting with its exit code. The server itself creates, migrates and seeds var/pglite on first start.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ? resolve(root, process.env.WEB_DIST) : join(root, 'apps/web/dist');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(webDist, 'index.html'))) {
  console.log(
    `[start] ${join(webDist, 'index.html')} is missing: building the web app first (npm run build -w @spesa/web)`,
  );
  const t0 = Date.now();
  const build = spawnSync(npm, ['run', 'build', '-w', '@spesa/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(
      `[start] the web app build failed (exit ${build.status ?? build.signal}); not starting the server`,
    );
    process.exit(build.status || 1);
  }
  console.log(`[start] web app built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
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
