// The forms' uploads under load (issue 23, decision 051): rounds of 20 parallel 2 MB uploads to
// `POST /p/wp-admin/admin-ajax.php` (nf_fu_upload, a PDF CV of the work-with-us form) while autocannon asks the
// product suggestions and a content page; the server's resident memory is sampled throughout. Files are
// streamed to disk by the server, so its memory must not grow by the uploads' size.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentile, load, type LoadResult } from './scenarios';
import { option, sleep } from './lib';

const FORM_ID = 2; // work with us (apps/api/src/modules/forms/form-definitions.ts)
const CV_FIELD_ID = 28;
const FILE_BYTES = 2 * 1024 * 1024 - 4096; // just under the 2 MB limit
const PARALLEL = 20;

export interface UploadFigures {
  rounds: number;
  uploads: number;
  uploadP50: number;
  uploadP95: number;
  failures: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** the two GETs alone, then while the uploads run */
  quiet: { suggest: LoadResult; page: LoadResult };
  busy: { suggest: LoadResult; page: LoadResult };
}

/** The resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  Buffer.alloc(FILE_BYTES, 32),
]);

async function nonce(base: string): Promise<string> {
  const res = await fetch(`${base}/p/wp-json/ebsn/v1/get_mail_pars?form_id=${FORM_ID}`);
  const body = (await res.json()) as { data: { nonce: string } };
  return body.data.nonce;
}

/** One upload of the 2 MB PDF; answers its time in ms, or null when refused. */
async function uploadOnce(base: string): Promise<number | null> {
  const form = new FormData();
  form.set('action', 'nf_fu_upload');
  form.set('form_id', String(FORM_ID));
  form.set('field_id', String(CV_FIELD_ID));
  form.set('nonce', await nonce(base));
  form.set('files', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
  const t0 = performance.now();
  const res = await fetch(`${base}/p/wp-admin/admin-ajax.php`, { method: 'POST', body: form });
  const body = (await res.json()) as { response: { status: number } };
  return res.ok && body.response.status === 0 ? performance.now() - t0 : null;
}

export async function benchUploads(base: string, pid: number, rounds: number): Promise<UploadFigures> {
  const suggest = '/ebsn/api/products/suggest?q=latte';
  const page = '/p/wp-json/wp/v2/pages?slug=faq';
  // warm-up: JIT, caches, the upload path once
  await load(base, suggest, 2, 4);
  await load(base, page, 2, 4);
  await uploadOnce(base);
  const quiet = { suggest: await load(base, suggest, 5, 4), page: await load(base, page, 5, 4) };
  await sleep(500);
  globalThis.gc?.();
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 50);
  // the uploads run in a process of their own: the 2 MB bodies must not delay autocannon's event loop
  const uploading = uploadsInChild(base, rounds, 9_000);
  // the other requests, while the uploads run (4 connections each)
  const [s, p] = await Promise.all([load(base, suggest, 8, 4), load(base, page, 8, 4)]);
  const { times, failures, done } = await uploading;
  clearInterval(sampler);
  const sorted = Float64Array.from(times).sort();
  return {
    rounds: done,
    uploads: times.length + failures,
    uploadP50: percentile(sorted, 50),
    uploadP95: percentile(sorted, 95),
    failures,
    rssBeforeMb,
    rssPeakMb,
    quiet,
    busy: { suggest: s, page: p },
  };
}

/** Rounds of 20 uploads at once for at least `ms` and `rounds` rounds, in a child process. */
async function uploadsInChild(
  base: string,
  rounds: number,
  ms: number,
): Promise<{ times: number[]; failures: number; done: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), `--url=${base}`, `--rounds=${rounds}`, `--ms=${ms}`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`upload client exited (${code}):\n${out}`);
  return JSON.parse(line) as { times: number[]; failures: number; done: number };
}

// run as the upload client: `node --import tsx uploads.ts --url=… --rounds=… --ms=…`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = String(option('url'));
  const rounds = Number(option('rounds'));
  const until = Date.now() + Number(option('ms'));
  const times: number[] = [];
  let failures = 0;
  let done = 0;
  while (Date.now() < until || done < rounds) {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => uploadOnce(base)));
    for (const t of answers)
      if (t === null) failures += 1;
      else times.push(t);
    done += 1;
  }
  console.log(JSON.stringify({ times, failures, done }));
}
