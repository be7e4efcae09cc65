import type { AdminPhotosResult } from '@spesa/shared/contracts/admin-assortment';
import { sql } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * Product photos in bulk (decision 092): a ZIP whose photos are named by EAN or code; each goes through the
 * single upload's path (resized to WebP, audited); the files without a product, not photos or misnamed are
 * listed with their reason; another role is refused.
 */
let t: TestApp;
let manager: string;
let picker: string;
let product: { id: number; ean: string; code: string };
let other: { id: number; code: string };

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
  manager = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'zip-manager' })).userId,
    [],
    'catalogue_manager',
  );
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'zip-picker' })).userId, [13], 'picker');
  const rows = await queryRows<{ id: number; ean: string; code: string }>(
    t.db,
    sql`SELECT product_id AS id, barcode AS ean, cod_int AS code FROM products
        WHERE barcode IS NOT NULL AND image_hash IS NULL ORDER BY product_id LIMIT 2`,
  );
  product = rows[0]!;
  other = rows[1]!;
});
afterAll(() => t?.close());

/** A ZIP with stored (uncompressed) entries, as the simplest archivers write it. */
function zipOf(files: Array<{ name: string; content: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const crc = crc32(f.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.content.length, 18);
    local.writeUInt32LE(f.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.content.length, 20);
    central.writeUInt32LE(f.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.content);
    centrals.push(central, name);
    offset += local.length + name.length + f.content.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

async function upload(token: string, file: Buffer, filename = 'foto.zip') {
  const boundary = '----spesa-zip-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ebsn/api/admin/catalogue-imports/photos',
    cookies: { 'spesa-staff': token },
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody<{ data: AdminPhotosResult }>>() };
}

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#27ae60' } })
    .jpeg()
    .toBuffer();

describe('product photos from a ZIP', () => {
  it('sets each photo named by EAN or code as a single upload does, and lists the others with their reason', async () => {
    const jpeg = await photo();
    const res = await upload(
      manager,
      zipOf([
        { name: `foto/${product.ean}.jpg`, content: jpeg },
        { name: `${other.code}.JPG`, content: jpeg },
        { name: '0000000000000.jpg', content: jpeg },
        { name: 'leggimi.txt', content: Buffer.from('ciao') },
        { name: `${product.code}.png`, content: Buffer.from('not a png') },
        { name: '__MACOSX/._x.jpg', content: Buffer.from('x') },
      ]),
    );
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.data.done).toEqual([
      { file: `${product.ean}.jpg`, productId: product.id },
      { file: `${other.code}.JPG`, productId: other.id },
    ]);
    expect(res.body.data.data.refused).toEqual([
      { file: '0000000000000.jpg', message: 'Nessun prodotto con EAN o codice 0000000000000.' },
      {
        file: 'leggimi.txt',
        message:
          'Il nome del file deve essere l’EAN o il codice del prodotto, con estensione .jpg, .png o .webp.',
      },
      { file: `${product.code}.png`, message: 'Il file non è una foto JPEG, PNG o WebP.' },
    ]);
    const sizes = await queryRows<{ size: string; type: string }>(
      t.db,
      sql`SELECT size, content_type AS type FROM product_images WHERE product_id = ${product.id} ORDER BY size`,
    );
    expect(sizes).toEqual([
      { size: 'large', type: 'image/webp' },
      { size: 'medium', type: 'image/webp' },
      { size: 'small', type: 'image/webp' },
    ]);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit WHERE resource = 'products' AND action = 'image'
          AND resource_id IN (${String(product.id)}, ${String(other.id)})`,
    );
    expect(audit?.n).toBe(2);
  });

  it('refuses what is not a ZIP, and another role', async () => {
    const notZip = await upload(manager, Buffer.from('plain text'), 'foto.zip');
    expect(notZip.body.response.errors[0]?.code).toBe('msg.admin.photosNotZip');
    const pdf = await upload(manager, Buffer.from('%PDF'), 'foto.pdf');
    expect(pdf.body.response.errors[0]?.code).toBe('msg.admin.photosNotZip');
    const refused = await upload(picker, zipOf([{ name: `${product.ean}.jpg`, content: await photo() }]));
    expect(refused.status).toBe(403);
  });
});
