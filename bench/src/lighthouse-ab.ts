// `npm run lighthouse:ab -- --path=/volantini --runs=3 http://127.0.0.1:8282 http://127.0.0.1:8284`
// Lighthouse (mobile, performance only) of one path on two or more running servers, runs interleaved so each
// server meets the same machine state: the way to judge a front-end change on a shared machine (start the
// commit before on one port and the one after on another, each with its own DATA_DIR and WEB_DIST). Prints
// each run and the medians; --reports=DIR keeps every run's report (<port>-<path>-<run>.json).
// Restart a server after rebuilding its web app: it reads index.html once, at start.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromeFlags, chromiumPath, option } from './lib';

const path = String(option('path') ?? '/');
const runs = Math.max(1, Number(option('runs') ?? 3));
const reports = option('reports');
const bases = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (bases.length === 0) {
  console.error('usage: npm run lighthouse:ab -- --path=/x [--runs=3] [--reports=DIR] <base URL> <base URL> …');
  process.exit(2);
}
if (typeof reports === 'string') mkdirSync(reports, { recursive: true });

interface Run {
  perf: number;
  tbt: number;
  lcp: number;
  benchmarkIndex: number;
}
const fresh = option('fresh') === true;
const launch = () => chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
let chrome = await launch();
const results = new Map<string, Run[]>(bases.map((b) => [b, []]));
try {
  for (let r = 0; r < runs; r++) {
    for (const base of bases) {
      if (fresh) {
        await chrome.kill();
        chrome = await launch();
      }
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        console.log(`${base}${path} run ${r + 1}: ${lhr?.runtimeError?.code ?? 'no result'} (not counted)`);
        continue;
      }
      const run: Run = {
        perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
      results.get(base)?.push(run);
      console.log(`${base}${path} run ${r + 1}: ${JSON.stringify(run)}`);
      if (typeof reports === 'string')
        writeFileSync(
          join(reports, `${new URL(base).port}-${path.replace(/\W+/g, '_')}-${r + 1}.json`),
          JSON.stringify(lhr),
        );
    }
  }
} finally {
  await chrome.kill();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [base, list] of results) {
  if (list.length === 0) continue;
  console.log(
    `median of ${list.length} ${base}${path}: performance ${median(list.map((x) => x.perf))}, ` +
      `TBT ${median(list.map((x) => x.tbt))} ms, LCP ${median(list.map((x) => x.lcp))} ms`,
  );
}
