import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import { incrementCatalogueVersion } from './catalogue.repository';

/** The sizes the shop shows a photo at: the product page, the cards, the cart lines (longest side, px). */
export const IMAGE_SIZES = { large: 800, medium: 400, small: 160 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export const isImageSize = (s: string): s is ImageSize => s in IMAGE_SIZES;

/** An upload's limits: what a phone photo weighs, and more pixels than any print needs. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;

/** `/media/products/<productId>-<hash>-<size>.webp`: immutable (the hash is the content). */
export const productImageUrl = (productId: number, hash: string, size: ImageSize) =>
  `/media/products/${productId}-${hash}-${size}.webp`;

export type Resized = { hash: string; images: Array<{ size: ImageSize; content: Buffer }> };

/** The store's key of one size of a product's photo (content-addressed: the hash is the large size's). */
export const productImageKey = (productId: number, hash: string, size: ImageSize) =>
  `products/${productId}-${hash}-${size}.webp`;

/** Deletes the files of a photo the product no longer shows (after the change's transaction commits). */
export const PHOTO_FILES_JOB = 'catalogue.photo-files-remove';
/** Moves photos kept in product_images.content by an earlier version into the file store. */
export const PHOTOS_INTO_STORE_JOB = 'catalogue.photos-into-store';

/**
 * Product photos (decisions 030 and 090), in the catalogue module: an upload is checked to be a JPEG, PNG or
 * WebP photo, turned upright, stripped of its metadata (camera, place) and resized to each size as WebP with
 * sharp; the sizes are files of the shop's file store (PostgreSQL or object storage: every process and host
 * serves them), named by the content's hash, and `product_images` lists them. Setting or removing a photo moves
 * the catalogue version, in the caller's transaction; the files of the photo it replaces are deleted by a job
 * once that transaction commits. Rows an earlier version wrote with the bytes in `content` are served from
 * there until the recurring job has moved them.
 */
export class ProductImages {
  constructor(
    private readonly files: FileStore,
    private readonly jobs: JobQueue,
  ) {}

  /** The jobs: old photos' files deleted, photos of an earlier version moved into the store. */
  registerJobs(db: Db): void {
    this.jobs.register(PHOTO_FILES_JOB, async (payload) => {
      const { productId, hash } = payload as { productId: number; hash: string };
      const [current] = await queryRows<{ hash: string | null }>(
        db,
        sql`SELECT image_hash AS hash FROM products WHERE product_id = ${productId}`,
      );
      if (current?.hash === hash) return;
      for (const size of Object.keys(IMAGE_SIZES) as ImageSize[])
        await this.files.remove(productImageKey(productId, hash, size));
    });
    this.jobs.every(PHOTOS_INTO_STORE_JOB, 24 * 3_600_000, async () => {
      await this.moveIntoStore(db);
    });
  }

  /** Puts every photo still kept in product_images.content into the store; returns how many sizes moved. */
  async moveIntoStore(db: Db): Promise<number> {
    let moved = 0;
    for (;;) {
      const rows = await queryRows<{ productId: number; size: ImageSize; hash: string; content: Uint8Array }>(
        db,
        sql`SELECT product_id AS "productId", size, hash, content FROM product_images
            WHERE content IS NOT NULL LIMIT 20`,
      );
      if (rows.length === 0) return moved;
      for (const r of rows) {
        await this.files.put(
          productImageKey(r.productId, r.hash, r.size),
          Readable.from([Buffer.from(r.content)]),
          'image/webp',
        );
        await db.execute(
          sql`UPDATE product_images SET content = NULL
              WHERE product_id = ${r.productId} AND size = ${r.size} AND hash = ${r.hash}`,
        );
        moved += 1;
      }
    }
  }

  /** The sizes of an uploaded file, or null when it is not a photo sharp reads as JPEG, PNG or WebP. */
  async resize(file: Buffer): Promise<Resized | null> {
    // sharp (libvips) is loaded on the first photo, not at every process's start
    const { default: sharp } = await import('sharp');
    try {
      const meta = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) return null;
      const images = await Promise.all(
        (Object.entries(IMAGE_SIZES) as Array<[ImageSize, number]>).map(async ([size, px]) => ({
          size,
          content: await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
            .rotate()
            .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 82 })
            .toBuffer(),
        })),
      );
      const large = images.find((i) => i.size === 'large');
      if (!large) return null;
      return { hash: createHash('sha256').update(large.content).digest('hex').slice(0, 16), images };
    } catch {
      return null;
    }
  }

  /** The product's photo becomes these sizes; false when the product does not exist. */
  async replace(productId: number, resized: Resized, tx: Db): Promise<boolean> {
    const found = await this.#photoOf(productId, tx);
    if (!found) return false;
    await tx.execute(
      sql`UPDATE products SET image_hash = ${resized.hash}, updated_at = clock_timestamp() WHERE product_id = ${productId}`,
    );
    // the store through the transaction when it is PostgreSQL's: the files commit with the rows
    const files = this.files.withDb?.(tx) ?? this.files;
    for (const image of resized.images)
      await files.put(
        productImageKey(productId, resized.hash, image.size),
        Readable.from([image.content]),
        'image/webp',
      );
    await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}`);
    for (const image of resized.images)
      await tx.execute(
        sql`INSERT INTO product_images (product_id, size, hash, content_type)
            VALUES (${productId}, ${image.size}, ${resized.hash}, 'image/webp')`,
      );
    await this.#forget(productId, found.before, resized.hash, tx);
    await incrementCatalogueVersion(tx);
    return true;
  }

  /** Back to the illustration; false when the product does not exist. */
  async remove(productId: number, tx: Db): Promise<boolean> {
    const found = await this.#photoOf(productId, tx);
    if (!found) return false;
    await tx.execute(
      sql`UPDATE products SET image_hash = NULL, updated_at = clock_timestamp() WHERE product_id = ${productId}`,
    );
    await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}`);
    await this.#forget(productId, found.before, null, tx);
    await incrementCatalogueVersion(tx);
    return true;
  }

  /** One size of a product's photo, when the hash is the current one: its bytes, or a stream of them. */
  async read(
    productId: number,
    hash: string,
    size: ImageSize,
    db: Db,
  ): Promise<{ contentType: string; content: Buffer | Readable } | null> {
    const [row] = await queryRows<{ contentType: string; content: Buffer | Uint8Array | null }>(
      db,
      sql`SELECT content_type AS "contentType", content FROM product_images
          WHERE product_id = ${productId} AND size = ${size} AND hash = ${hash}`,
    );
    if (!row) return null;
    if (row.content) return { contentType: row.contentType, content: Buffer.from(row.content) };
    const stored = await this.files.open(productImageKey(productId, hash, size));
    return stored ? { contentType: row.contentType, content: stored.stream } : null;
  }

  /** The product's photo hash, its row locked for the change; null: no such product. */
  async #photoOf(productId: number, tx: Db): Promise<{ before: string | null } | null> {
    const [row] = await queryRows<{ before: string | null }>(
      tx,
      sql`SELECT image_hash AS before FROM products WHERE product_id = ${productId} FOR UPDATE`,
    );
    return row ?? null;
  }

  /** The files of the photo the product showed before, deleted once the change commits. */
  async #forget(productId: number, before: string | null, now: string | null, tx: Db): Promise<void> {
    if (before && before !== now)
      await this.jobs.enqueue(PHOTO_FILES_JOB, { productId, hash: before }, { db: tx });
  }
}
