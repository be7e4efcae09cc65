import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AdminSubmissionDetail } from '@spesa/shared/contracts/admin-forms';
import type { AdminAjaxAnswer, MailPars } from '@spesa/shared/contracts/forms';
import type { LeafletSearchData } from '@spesa/shared/contracts/leaflets';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { moveOldFiles } from '../src/db/old-files';
import { queryRows } from '../src/db/rows';
import { ensureForms } from '../src/db/seed/forms';
import { DEMO_LEAFLET_STORE } from '../src/db/seed/leaflets';
import type { FileStore } from '../src/lib/file-store';
import { PgFileStore } from '../src/lib/file-store-pg';
import { S3FileStore } from '../src/lib/file-store-s3';
import { FORM_IDS } from '../src/modules/forms/form-definitions';
import { FORMS_TEXT } from '../src/modules/forms/forms.messages';
import { newCustomer } from './customers';
import { buildTestApp, callAs, type EnvelopeBody, type TestApp } from './helper';
import { makeStaff } from './order-fixtures';
import { S3StandIn } from './stand-ins/s3/s3-stand-in';

/**
 * Files every host sees (decision 090): two apps built apart on one database, as two API hosts behind a load
 * balancer (on PostgreSQL two connection pools; on PGlite one handle, the embedded database being one
 * process's). A file uploaded through one is downloaded through the other, with the files in PostgreSQL and
 * in object storage (the S3 stand-in), product photos too; a leaflet drawn by one is served by the other without drawing it again;
 * the files an earlier version left on a disk are copied in once; refused uploads keep nothing anywhere.
 */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n'),
  Buffer.alloc(3000, 32),
]);
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(3000),
]);

interface Hosts {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/** Host B: an app of its own on A's database (its own pool on PostgreSQL). */
async function twoHosts(files?: () => FileStore): Promise<Hosts> {
  const a = await buildTestApp({ runJobs: false, ...(files ? { files: files() } : {}) });
  let b: TestApp;
  if (a.kind === 'postgres') b = await buildTestApp({ runJobs: false, ...(files ? { files: files() } : {}) });
  else {
    const app = await buildApp({
      env: a.env,
      db: a.db,
      dbKind: a.kind,
      logger: false,
      runJobs: false,
      ...(files ? { files: files() } : {}),
    });
    await app.ready();
    b = { ...a, app, close: () => app.close() };
  }
  await ensureForms(a.db);
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = '----spesa-hosts-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function ajax(app: App, fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const res = await app.inject({
    method: 'POST',
    url: '/p/wp-admin/admin-ajax.php',
    ...multipart(fields, file),
  });
  return JSON.parse(res.body) as EnvelopeBody<AdminAjaxAnswer>;
}

const nonceOf = async (app: App) =>
  (
    await callAs<MailPars>(
      app,
      null,
      'GET',
      `/p/wp-json/ebsn/v1/get_mail_pars?form_id=${FORM_IDS.workWithUs}`,
    )
  ).body.data.nonce;

const uploadCv = (app: App, nonce: string, data: Buffer, name = 'cv.pdf') =>
  ajax(
    app,
    { action: 'nf_fu_upload', form_id: String(FORM_IDS.workWithUs), field_id: '28', nonce },
    { name, data },
  );

/** A CV uploaded and sent through `app`: the submission's number. */
async function sendCv(app: App, data: Buffer): Promise<number> {
  const nonce = await nonceOf(app);
  const up = await uploadCv(app, nonce, data);
  expect(up.response.status).toBe(0);
  const sent = await ajax(app, {
    action: 'nf_ajax_submit',
    security: nonce,
    formData: JSON.stringify({
      form_id: FORM_IDS.workWithUs,
      fields: Object.entries({
        21: 'Giulia',
        22: 'Bianchi',
        23: 'giulia.bianchi@example.it',
        24: '333 1234567',
        25: '1990-05-12',
        26: '22100',
        27: 'logistica',
        28: [up.data.files[0]?.token ?? ''],
        29: 'Ciao',
        30: true,
      }).map(([id, value]) => ({ id: Number(id), value })),
    }),
  });
  expect(sent.response.status).toBe(0);
  return Number(sent.data.submission?.ticket.split('-')[1]);
}

/** The submission's file as customer service downloads it through `host`. */
async function downloadCv(host: TestApp, staff: string, submissionId: number) {
  const one = await callAs<{ data: AdminSubmissionDetail }>(
    host.app,
    staff,
    'GET',
    `/ebsn/api/admin/form-submissions/${submissionId}`,
    { via: 'staff' },
  );
  const uploadId = one.body.data.data.attachments[0]?.uploadId;
  return host.app.inject({
    method: 'GET',
    url: `/ebsn/api/admin/form-submissions/${submissionId}/files/${uploadId}`,
    cookies: { 'spesa-staff': staff },
  });
}

const storedNameOf = async (host: TestApp, submissionId: number) =>
  (
    await queryRows<{ storedName: string }>(
      host.db,
      sql`SELECT stored_name AS "storedName" FROM form_uploads WHERE submission_id = ${submissionId}`,
    )
  )[0]?.storedName ?? '';

const keysLike = async (host: TestApp, prefix: string) =>
  (
    await queryRows<{ key: string }>(
      host.db,
      sql`SELECT key FROM stored_files WHERE key LIKE ${`${prefix}%`} ORDER BY key`,
    )
  ).map((r) => r.key);

describe('files in PostgreSQL, two hosts on one database', () => {
  let h: Hosts;
  let staff: string;
  beforeAll(async () => {
    h = await twoHosts();
    staff = await makeStaff(
      h.a,
      (await newCustomer(h.a, { tag: 'files-cs' })).userId,
      [],
      'customer_service',
    );
  });
  afterAll(async () => h?.close());

  it('a CV uploaded through host A downloads whole through host B', async () => {
    const id = await sendCv(h.a.app, PDF);
    const res = await downloadCv(h.b, staff, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('a leaflet drawn by host A is served by host B from the store, not drawn again', async () => {
    const leaflet = (
      await callAs<LeafletSearchData>(
        h.a.app,
        null,
        'GET',
        `/ebsn/api/leaflet/search?parent_warehouse_id=${DEMO_LEAFLET_STORE}`,
      )
    ).body.data.leaflets.find((l) => l.warehouseId === DEMO_LEAFLET_STORE);
    if (!leaflet) throw new Error('no store leaflet');
    const folder = /\/media\/leaflets\/([^/]+)\//.exec(leaflet.baseLocation)?.[1] ?? '';
    const fromA = await h.a.app.inject({ method: 'GET', url: leaflet.pdfUrl });
    expect(fromA.statusCode).toBe(200);
    const drawn = await keysLike(h.a, `leaflets/${folder}/`);
    expect(drawn).toContain(`leaflets/${folder}/volantino.pdf`);
    const fromB = await h.b.app.inject({ method: 'GET', url: leaflet.pdfUrl });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-length']).toBe(String(fromA.rawPayload.length));
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    const page = await h.b.app.inject({ method: 'GET', url: `${leaflet.baseLocation}1-480.webp` });
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(await keysLike(h.a, `leaflets/${folder}/`)).toEqual(drawn);
  }, 60_000);

  it('refuses an upload over 2 MB and an .exe named .pdf through either host, keeping nothing', async () => {
    const before = { files: await keysLike(h.a, 'forms/'), chunks: await chunkCount(h.a) };
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await uploadCv(h.a.app, await nonceOf(h.a.app), big);
    expect(tooBig.response.errors[0]).toMatchObject({ code: FORMS_TEXT.fileTooLarge.code });
    expect(tooBig.response.errors[0]?.error).toBe(FORMS_TEXT.fileTooLarge.text);
    const exe = await uploadCv(h.b.app, await nonceOf(h.b.app), EXE);
    expect(exe.response.errors[0]).toMatchObject({ code: FORMS_TEXT.fileType.code });
    expect({ files: await keysLike(h.a, 'forms/'), chunks: await chunkCount(h.a) }).toEqual(before);
  });

  it("copies an earlier version's files on disk into the store once, and finishes a copy that stopped halfway", async () => {
    const id = await sendCv(h.a.app, PDF);
    const storedName = await storedNameOf(h.a, id);
    const store = new PgFileStore(h.a.db);
    // as an earlier version left it: the file on host A's disk only
    await store.remove(`forms/${storedName}`);
    expect((await downloadCv(h.b, staff, id)).statusCode).toBe(404);
    const old = await mkdtemp(join(tmpdir(), 'spesa-old-files-'));
    try {
      const forms = join(old, 'form-uploads');
      const leaflets = join(old, 'leaflets');
      await mkdir(forms);
      await writeFile(join(forms, storedName), PDF);
      await writeFile(join(forms, `${'0'.repeat(32)}.part`), 'a write the old version never finished');
      // a whole leaflet folder (its PDF there), one whose drawing stopped (no PDF), and a stray folder
      await mkdir(join(leaflets, '900001-0123456789ab'), { recursive: true });
      await writeFile(join(leaflets, '900001-0123456789ab', 'pagina-0.png'), 'png');
      await writeFile(join(leaflets, '900001-0123456789ab', 'pagina-0-480.webp'), 'webp');
      await writeFile(join(leaflets, '900001-0123456789ab', 'volantino.pdf'), '%PDF-');
      await mkdir(join(leaflets, '900002-0123456789ab'));
      await writeFile(join(leaflets, '900002-0123456789ab', 'pagina-0.png'), 'png');
      await mkdir(join(leaflets, 'altro'));
      await writeFile(join(leaflets, 'altro', 'volantino.pdf'), '%PDF-');
      // a start that died halfway had copied one page already
      await store.put(
        'leaflets/900001-0123456789ab/pagina-0.png',
        Readable.from([Buffer.from('png')]),
        'image/png',
      );
      const dirs = { formUploadsDir: forms, leafletsDir: leaflets };

      expect(await moveOldFiles(dirs, store)).toEqual({ copied: 3, present: 1 });
      const res = await downloadCv(h.b, staff, id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(await keysLike(h.a, 'leaflets/90000')).toEqual([
        'leaflets/900001-0123456789ab/pagina-0-480.webp',
        'leaflets/900001-0123456789ab/pagina-0.png',
        'leaflets/900001-0123456789ab/volantino.pdf',
      ]);
      expect(await store.head('leaflets/900001-0123456789ab/volantino.pdf')).toMatchObject({
        contentType: 'application/pdf',
      });
      // the next start copies nothing
      expect(await moveOldFiles(dirs, store)).toEqual({ copied: 0, present: 4 });
      // no old folder at all: nothing to do
      expect(
        await moveOldFiles({ formUploadsDir: join(old, 'none'), leafletsDir: join(old, 'none') }, store),
      ).toEqual({ copied: 0, present: 0 });
    } finally {
      await rm(old, { recursive: true, force: true });
      for (const key of await keysLike(h.a, 'leaflets/90000')) await store.remove(key);
    }
  });
});

const chunkCount = async (host: TestApp) =>
  (await queryRows<{ n: number }>(host.db, sql`SELECT count(*)::int AS n FROM stored_file_chunks`))[0]?.n ??
  0;

describe('files in object storage (the S3 stand-in), two hosts', () => {
  let s3: S3StandIn;
  let h: Hosts;
  let staff: string;
  beforeAll(async () => {
    s3 = await new S3StandIn().start();
    h = await twoHosts(
      () =>
        new S3FileStore({
          endpoint: s3.url,
          bucket: s3.bucket,
          region: s3.region,
          accessKeyId: s3.accessKeyId,
          secretAccessKey: s3.secretAccessKey,
          prefix: 'spesa',
        }),
    );
    staff = await makeStaff(
      h.a,
      (await newCustomer(h.a, { tag: 'files-s3' })).userId,
      [],
      'customer_service',
    );
  });
  afterAll(async () => {
    await h?.close();
    await s3?.stop();
  });

  it('a CV uploaded through host A is an object in the bucket, downloaded whole through host B', async () => {
    const id = await sendCv(h.a.app, PDF);
    const storedName = await storedNameOf(h.a, id);
    expect(s3.objects.get(`spesa/forms/${storedName}`)?.data.equals(PDF)).toBe(true);
    expect(await keysLike(h.a, `forms/${storedName}`)).toEqual([]);
    const res = await downloadCv(h.b, staff, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('a product photo uploaded in the back office of host A is served by host B from the bucket', async () => {
    const manager = await makeStaff(
      h.a,
      (await newCustomer(h.a, { tag: 'files-s3-photo' })).userId,
      [],
      'catalogue_manager',
    );
    const [product] = await queryRows<{ id: number }>(
      h.a.db,
      sql`SELECT product_id AS id FROM products WHERE active ORDER BY product_id DESC LIMIT 1`,
    );
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#27ae60' } })
      .jpeg()
      .toBuffer();
    const boundary = '----spesa-photo-boundary';
    const res = await h.a.app.inject({
      method: 'POST',
      url: `/ebsn/api/admin/products/${product?.id}/image`,
      cookies: { 'spesa-staff': manager },
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const url = res.json<EnvelopeBody<{ data: { imageUrl: string } }>>().data.data.imageUrl;
    const key = `spesa/${url.replace('/media/', '')}`;
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
    const served = await h.b.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(s3.objects.get(key)?.data ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses an upload over 2 MB and an .exe named .pdf, leaving no object and no upload in progress', async () => {
    const before = [...s3.objects.keys()];
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await uploadCv(h.a.app, await nonceOf(h.a.app), big)).response.errors[0]?.code).toBe(
      FORMS_TEXT.fileTooLarge.code,
    );
    expect((await uploadCv(h.b.app, await nonceOf(h.b.app), EXE)).response.errors[0]?.code).toBe(
      FORMS_TEXT.fileType.code,
    );
    expect([...s3.objects.keys()]).toEqual(before);
    expect(s3.uploads.size).toBe(0);
  });
});
