// Gzip size of the JS a first visit downloads before any route chunk: the entry script of
// dist/index.html plus every chunk it imports statically (transitively). Run after `vite build`.
// Extra arguments add lazy chunks by name prefix (e.g. `root-layout home-route`) with their imports,
// to measure a whole first page.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// the entry: started after the first paint by the script carrying it in data-entry (vite.config.ts)
const entry = /<script data-entry="([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

const seen = new Set();
const extra = process.argv.slice(2);
const assets = readdirSync(join(dist, 'assets'));
const queue = [
  entry.replace(/^\//, ''),
  ...extra.flatMap((prefix) =>
    assets.filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js')).map((f) => `assets/${f}`),
  ),
];
while (queue.length) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // static imports only: `import ... from "./x.js"` and `import "./x.js"` (not `import("./x.js")`)
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
  )) {
    queue.push(posix.normalize(posix.join(posix.dirname(file), m[1])));
  }
}
let raw = 0;
let gz = 0;
const rows = [...seen].map((file) => {
  const buf = readFileSync(join(dist, file));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  return { file, kB: (buf.length / 1024).toFixed(1), gzipKB: (g / 1024).toFixed(1) };
});
console.table(rows);
console.log(
  `${extra.length ? `entry + ${extra.join(' + ')}` : 'initial JS'}: ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzip (${seen.size} files)`,
);
