// The smaller parts of `npm run test:hosts`: a throttle across hosts, a price change seen by the other host, a
// file uploaded through one host and downloaded through the other.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/api/src/db/client';
import { API } from '../scenarios';
import type { Setup } from '../purchase';
import { ADDR, API_PORT, GIFT_CODE_LIMIT, SHOP_URL, WORK_DIR, waitFor } from './topology';

const hostUrl = (h: 'api1' | 'api2') => `http://${ADDR[h]}:${API_PORT}`;
/** the catalogue read cache checks the catalogue version once a second (apps/api/src/app.ts, versionCheckMs) */
const READ_CACHE_BOUND_MS = 1000;

function report(what: string, ok: boolean, figure: string, failures: string[]) {
  console.log(`  ${ok ? '✓' : '✗'} ${what}: ${figure}`);
  if (!ok) failures.push(`${what}: ${figure}`);
}

function throwIfFailed(failures: string[]) {
  if (failures.length) throw new Error(failures.join('; '));
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const { queryRows } = await import('../../../apps/api/src/db/rows');
  return queryRows<T>(db, query);
}

/** A back-office administrator signed in (staged in the database as the API tests do): the staff cookie. */
async function staffCookie(db: Db): Promise<string> {
  const { sha256 } = await import('../../../apps/api/src/modules/account/secrets');
  const { randomToken } = await import('../../../apps/api/src/modules/account/secrets');
  const token = randomToken();
  const email = `staff.${Date.now().toString(36)}@example.com`;
  await db.execute(sql`WITH u AS (
      INSERT INTO users (login, email, password_hash, profile_confirmed, first_name, last_name, fiscal_code, mobile_phone, password_changed_at)
      VALUES (${email}, ${email}, NULL, true, 'Ufficio', 'Prova', 'RSSMRA85T10F205R', '3331234567', now() - interval '1 day')
      RETURNING user_id),
    m AS (INSERT INTO staff_members (user_id, role, warehouse_ids) SELECT user_id, 'administrator', '{}'::integer[] FROM u)
    INSERT INTO staff_sessions (token_hash, user_id, idle_expires_at, absolute_expires_at)
      SELECT ${sha256(token)}, user_id, now() + interval '1 day', now() + interval '1 day' FROM u`);
  return `spesa-staff=${token}`;
}

/** Gift-code checks of one customer alternate between the hosts: the limit holds for the sum. */
export async function throttlePart(_db: Db, setup: Setup): Promise<void> {
  const failures: string[] = [];
  const token = setup.pools[0]![0]!;
  const answers: Array<{ status: number; host: string }> = [];
  for (let i = 0; i < GIFT_CODE_LIMIT + 4; i++) {
    const res = await fetch(`${SHOP_URL}${API}/cart-giftcertificate/check?code=NOPE${1000 + i}`, {
      headers: { cookie: `x-ebsn-account=${token}` },
    });
    await res.arrayBuffer();
    answers.push({ status: res.status, host: res.headers.get('x-spesa-host') ?? '?' });
  }
  const hosts = new Set(answers.map((a) => a.host));
  const firstRefused = answers.findIndex((a) => a.status === 429);
  const sequence = answers.map((a) => `${a.host}:${a.status}`).join(' ');
  console.log(`  limit ${GIFT_CODE_LIMIT} per customer; answers ${sequence}`);
  report('the calls landed on both hosts', hosts.size === 2, [...hosts].join(', '), failures);
  report(
    `the ${GIFT_CODE_LIMIT + 1}th call is refused, whichever host it reaches`,
    firstRefused === GIFT_CODE_LIMIT && answers.slice(firstRefused).every((a) => a.status === 429),
    `first refusal at call ${firstRefused + 1}`,
    failures,
  );
  throwIfFailed(failures);
}

function findKey(obj: unknown, key: string): unknown {
  if (!obj || typeof obj !== 'object') return undefined;
  if (key in obj) return (obj as Record<string, unknown>)[key];
  for (const v of Object.values(obj)) {
    const found = findKey(v, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The back office changes a price through api1; api2 (both its workers) shows it within the cache's bound. */
export async function priceChangePart(db: Db): Promise<void> {
  const failures: string[] = [];
  const { testProduct } = await import('../../../apps/api/test/checkout-fixtures');
  const { productId } = await testProduct(db, { stock: 100 });
  const cookie = await staffCookie(db);
  const priceOn = async (h: 'api1' | 'api2') => {
    const res = await fetch(`${hostUrl(h)}${API}/products/${productId}`, {
      headers: { connection: 'close' },
    });
    return Number(findKey(await res.json(), 'price'));
  };
  // both hosts' read caches hold the product before the change
  for (let i = 0; i < 6; i++) await Promise.all([priceOn('api1'), priceOn('api2')]);
  const before = await priceOn('api2');
  const admin = await fetch(`${hostUrl('api1')}${API}/admin/products/${productId}`, { headers: { cookie } });
  const updatedAt = findKey(await admin.json(), 'updatedAt');
  const newPrice = Math.round((before + 1.11) * 100) / 100;
  const saved = await fetch(`${hostUrl('api1')}${API}/admin/products/${productId}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: hostUrl('api1') },
    body: JSON.stringify({ updatedAt, price: newPrice }),
  });
  const savedBody = (await saved.json()) as { response?: { status?: number } };
  if (saved.status !== 200 || savedBody.response?.status !== 0)
    throw new Error(
      `the back office refused the price change: HTTP ${saved.status} ${JSON.stringify(savedBody).slice(0, 300)}`,
    );
  // seen when 6 reads in a row (both workers of api2) answer the new price
  let inARow = 0;
  const ms = await waitFor(
    'api2 shows the new price',
    async () => {
      inARow = (await priceOn('api2')) === newPrice ? inARow + 1 : 0;
      return inARow >= 6;
    },
    10_000,
    20,
  );
  const seenAfter = Math.max(0, ms - 5 * 20);
  console.log(
    `  price ${before} → ${newPrice} € saved through api1; api2 answered it ${seenAfter} ms later (bound ${READ_CACHE_BOUND_MS} ms + a read)`,
  );
  report(
    'the other host shows the new price within the read cache bound',
    seenAfter <= READ_CACHE_BOUND_MS + 500,
    `${seenAfter} ms`,
    failures,
  );
  throwIfFailed(failures);
}

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n'),
  Buffer.alloc(3000, 32),
]);

/** multipart/form-data as a browser's FormData sends it */
function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; data: Buffer; type: string },
) {
  const boundary = '----spesa-hosts-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A CV sent with the "work with us" form through api1, downloaded by the back office through api2 (files are in
 * the shared file store: decision 090).
 */
export async function filesPart(db: Db): Promise<void> {
  await productPhoto(db);
  await formFile(db);
}

/** A product photo uploaded in the back office through api1 is served by api2 (photos are in PostgreSQL). */
async function productPhoto(db: Db): Promise<void> {
  const { default: sharp } = await import('sharp');
  const { testProduct } = await import('../../../apps/api/test/checkout-fixtures');
  const { productId } = await testProduct(db, { stock: 10 });
  const cookie = await staffCookie(db);
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();
  const up = multipart({}, { field: 'file', name: 'foto.jpg', data: jpeg, type: 'image/jpeg' });
  const res = await fetch(`${hostUrl('api1')}${API}/admin/products/${productId}/image`, {
    method: 'POST',
    headers: { cookie, 'content-type': up.type, origin: hostUrl('api1') },
    body: up.body,
  });
  const url = findKey(await res.json(), 'imageUrl');
  if (typeof url !== 'string')
    throw new Error(`the photo upload through api1 was refused (HTTP ${res.status})`);
  const [fromApi1, fromApi2] = await Promise.all(
    (['api1', 'api2'] as const).map(async (h) => {
      const r = await fetch(`${hostUrl(h)}${url}`);
      return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()) };
    }),
  );
  const same =
    fromApi2!.status === 200 && fromApi2!.bytes.length > 0 && fromApi2!.bytes.equals(fromApi1!.bytes);
  console.log(
    `  ${same ? '✓' : '✗'} a product photo (${jpeg.length} bytes JPEG) uploaded through api1 is served by api2: HTTP ${fromApi2!.status}, ${fromApi2!.bytes.length} bytes${same ? ', the same bytes as api1 serves' : ''}`,
  );
  if (!same)
    throw new Error(
      `the product photo uploaded through api1 is not served by api2 (HTTP ${fromApi2!.status})`,
    );
}

async function formFile(db: Db): Promise<void> {
  const { FORM_IDS } = await import('../../../apps/api/src/modules/forms/form-definitions');
  const formId = FORM_IDS.workWithUs;
  const CV_FIELD = 28;
  const ajax = '/p/wp-admin/admin-ajax.php';
  const pars = await fetch(`${hostUrl('api1')}/p/wp-json/ebsn/v1/get_mail_pars?form_id=${formId}`);
  const nonce = String(findKey(await pars.json(), 'nonce'));
  const up = multipart(
    { action: 'nf_fu_upload', form_id: String(formId), field_id: String(CV_FIELD), nonce },
    {
      field: 'files',
      name: 'cv-hosts.pdf',
      data: PDF,
      type: 'application/pdf',
    },
  );
  const uploaded = await fetch(`${hostUrl('api1')}${ajax}`, {
    method: 'POST',
    headers: { 'content-type': up.type },
    body: up.body,
  });
  const upBody = (await uploaded.json()) as { data?: { files?: Array<{ token: string }> } };
  const fileToken = upBody.data?.files?.[0]?.token;
  if (!fileToken)
    throw new Error(`the upload through api1 was refused: ${JSON.stringify(upBody).slice(0, 300)}`);
  const values: Record<number, unknown> = {
    21: 'Giulia',
    22: 'Bianchi',
    23: 'giulia.bianchi@example.it',
    24: '333 1234567',
    25: '1990-05-12',
    26: '22100',
    27: 'logistica',
    28: [fileToken],
    29: 'Prova da più macchine',
    30: true,
  };
  const sub = multipart({
    action: 'nf_ajax_submit',
    security: nonce,
    formData: JSON.stringify({
      form_id: formId,
      fields: Object.entries(values).map(([id, value]) => ({ id: Number(id), value })),
    }),
  });
  const sent = await fetch(`${hostUrl('api1')}${ajax}`, {
    method: 'POST',
    headers: { 'content-type': sub.type },
    body: sub.body,
  });
  const sentBody = (await sent.json()) as { response?: { status?: number } };
  if (sentBody.response?.status !== 0)
    throw new Error(`the form was refused: ${JSON.stringify(sentBody).slice(0, 300)}`);
  const [row] = await rows<{ submissionId: number; uploadId: number }>(
    db,
    sql`SELECT s.submission_id AS "submissionId", u.upload_id AS "uploadId" FROM form_submissions s
        JOIN form_uploads u ON u.submission_id = s.submission_id ORDER BY s.submission_id DESC, u.upload_id DESC LIMIT 1`,
  );
  if (!row) throw new Error('the submission or its file is not in the database');
  const onApi1Disk = (() => {
    try {
      return readdirSync(join(WORK_DIR, 'api1', 'form-uploads')).length;
    } catch {
      return 0;
    }
  })();
  const cookie = await staffCookie(db);
  const download = await fetch(
    `${hostUrl('api2')}${API}/admin/form-submissions/${row.submissionId}/files/${row.uploadId}`,
    { headers: { cookie } },
  );
  const bytes = Buffer.from(await download.arrayBuffer());
  const same = download.status === 200 && bytes.equals(PDF);
  console.log(
    `  uploaded ${PDF.length} bytes through api1 (submission ${row.submissionId}); api2 answered HTTP ${download.status} with ${bytes.length} bytes${same ? ', the same file' : ''}; files on api1's own disk: ${onApi1Disk}`,
  );
  if (same) {
    console.log('  ✓ the form file downloads through the other host');
    return;
  }
  throw new Error(`the file uploaded through api1 does not download through api2 (HTTP ${download.status})`);
}
