import type { AdminProduct } from '@spesa/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { PHOTOS_INTO_STORE_JOB } from '../catalogue/product-images';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, getJson, type EnvelopeBody, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * Product photos (decisions 030 and 090): uploaded as multipart, resized to WebP in three sizes, kept in the file
 * store, served immutable, shown by the shop; a replaced photo's files deleted once the change commits; photos an
 * earlier version kept in product_images moved into the store; refusals for what is not a photo, too big, or the
 * wrong role, with nothing stored.
 */
let t: TestApp;
let manager: string;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({ versionCheckMs: 0 });
  const m = await newCustomer(t, { tag: 'img-manager' });
  manager = await makeStaff(t, m.userId, [], 'catalogue_manager');
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT product_id AS id FROM products WHERE active LIMIT 1`,
  );
  productId = p!.id;
});
afterAll(() => t?.close());

/** A multipart body with one file, as a browser's FormData sends it. */
function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----spesa-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | null, file: Buffer, filename = 'foto.jpg', type = 'image/jpeg') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ebsn/api/admin/products/${productId}/image`,
    ...(token ? { cookies: { 'spesa-staff': token } } : {}),
    ...multipart(file, filename, type),
  });
  return { status: res.statusCode, body: res.json<EnvelopeBody<{ data: AdminProduct }>>() };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();

describe('a product photo', () => {
  it('is resized to WebP, served immutable from the database, and shown by the shop', async () => {
    const res = await upload(manager, await photo(1600, 1200));
    expect(res.body.response.status).toBe(0);
    const url = res.body.data.data.imageUrl;
    expect(url).toMatch(new RegExp(`^/media/products/${productId}-[0-9a-f]{16}-medium\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);

    const shop = await getJson<{ mediaURL: string; mediaURLMedium: string }>(
      t.app,
      `/ebsn/api/products?product_id=${productId}`,
    );
    expect(shop.body.data.mediaURL).toBe(url!.replace('-medium.webp', '-large.webp'));
    expect(shop.body.data.mediaURLMedium).toBe(url);
    const large = await t.app.inject({ method: 'GET', url: shop.body.data.mediaURL });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(800);

    // removed: the illustration again, and the old URL is gone
    const removed = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/admin/products/${productId}/image/remove`,
      cookies: { 'spesa-staff': manager },
      payload: {},
    });
    expect(removed.json<EnvelopeBody<{ data: AdminProduct }>>().data.data.imageUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: url! })).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM admin_audit WHERE resource = 'products' AND resource_id = ${String(productId)} ORDER BY audit_id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['image', 'image-remove']);
  });

  it('refuses what is not a photo, one over 8 MB, a missing file, and other roles', async () => {
    const text = await upload(
      manager,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.svg',
      'image/svg+xml',
    );
    expect(text.body.response.errors[0]?.code).toBe('msg.admin.image.invalid');
    const huge = await upload(manager, Buffer.alloc(8 * 1024 * 1024 + 10, 1));
    expect(huge.body.response.errors[0]?.code).toBe('msg.admin.image.tooLarge');
    const none = await t.app.inject({
      method: 'POST',
      url: `/ebsn/api/admin/products/${productId}/image`,
      cookies: { 'spesa-staff': manager },
      payload: {},
    });
    expect(none.json<EnvelopeBody>().response.errors[0]).toMatchObject({ code: 'msg.admin.image.missing' });
    const cs = await newCustomer(t, { tag: 'img-cs' });
    const csToken = await makeStaff(t, cs.userId, [], 'customer_service');
    expect((await upload(csToken, await photo(100, 100))).status).toBe(403);
    expect((await upload(null, await photo(100, 100))).status).toBe(401);
    const [p] = await queryRows<{ hash: string | null }>(
      t.db,
      sql`SELECT image_hash AS hash FROM products WHERE product_id = ${productId}`,
    );
    expect(p?.hash).toBeNull();
  });

  it("keeps the sizes in the file store and deletes a replaced photo's files once the change is done", async () => {
    const first = (await upload(manager, await photo(900, 600))).body.data.data.imageUrl ?? '';
    const hashOf = (url: string) => /-([0-9a-f]{16})-medium\.webp$/.exec(url)?.[1] ?? '';
    const stored = async (hash: string) =>
      (
        await queryRows<{ key: string }>(
          t.db,
          sql`SELECT key FROM stored_files WHERE key LIKE ${`products/${productId}-${hash}-%`}`,
        )
      ).length;
    expect(await stored(hashOf(first))).toBe(3);
    const [row] = await queryRows<{ inRow: boolean }>(
      t.db,
      sql`SELECT bool_or(content IS NOT NULL) AS "inRow" FROM product_images WHERE product_id = ${productId}`,
    );
    expect(row?.inRow).toBe(false);
    const second = (await upload(manager, await photo(600, 900))).body.data.data.imageUrl ?? '';
    expect(hashOf(second)).not.toBe(hashOf(first));
    await t.app.jobs.runDue();
    await expect.poll(() => stored(hashOf(first))).toBe(0);
    expect(await stored(hashOf(second))).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('serves a photo an earlier version kept in product_images, and moves it into the store', async () => {
    const large = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2980b9' } })
      .webp()
      .toBuffer();
    const hash = 'feedfacecafe0001';
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET image_hash = ${hash} WHERE product_id = ${productId}`);
      await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}`);
      for (const size of ['large', 'medium', 'small'])
        await tx.execute(
          sql`INSERT INTO product_images (product_id, size, hash, content_type, content)
              VALUES (${productId}, ${size}, ${hash}, 'image/webp', ${large})`,
        );
    });
    const url = `/media/products/${productId}-${hash}-large.webp`;
    const before = await t.app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(200);
    expect(before.rawPayload.equals(large)).toBe(true);
    await t.app.jobs.enqueue(PHOTOS_INTO_STORE_JOB, {});
    await t.app.jobs.runDue();
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              t.db,
              sql`SELECT count(*)::int AS n FROM product_images WHERE product_id = ${productId} AND content IS NOT NULL`,
            )
          )[0]?.n,
      )
      .toBe(0);
    const after = await t.app.inject({ method: 'GET', url });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(large)).toBe(true);
  });

  it('answers 404 to a URL of no photo', async () => {
    for (const url of ['/media/products/1-0123456789abcdef-large.webp', '/media/products/x.webp'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
