import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
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

/**
 * Product photos (decision 030), in the catalogue module: an upload is checked to be a JPEG, PNG or WebP
 * photo, turned upright, stripped of its metadata (camera, place) and resized to each size as WebP with
 * sharp; the sizes live in the database, so every API process serves them, under URLs that change with the
 * content. Setting or removing a photo moves the catalogue version, in the caller's transaction.
 */
export class ProductImages {
  /** The sizes of an uploaded file, or null when it is not a photo sharp reads as JPEG, PNG or WebP. */
  async resize(file: Buffer): Promise<Resized | null> {
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
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE products SET image_hash = ${resized.hash}, updated_at = clock_timestamp()
          WHERE product_id = ${productId} RETURNING product_id AS id`,
    );
    if (!found) return false;
    await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}`);
    for (const image of resized.images)
      await tx.execute(
        sql`INSERT INTO product_images (product_id, size, hash, content_type, content)
            VALUES (${productId}, ${image.size}, ${resized.hash}, 'image/webp', ${image.content})`,
      );
    await incrementCatalogueVersion(tx);
    return true;
  }

  /** Back to the illustration; false when the product does not exist. */
  async remove(productId: number, tx: Db): Promise<boolean> {
    const [found] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE products SET image_hash = NULL, updated_at = clock_timestamp()
          WHERE product_id = ${productId} RETURNING product_id AS id`,
    );
    if (!found) return false;
    await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}`);
    await incrementCatalogueVersion(tx);
    return true;
  }

  /** One size of a product's photo, when the hash is the current one. */
  async read(
    productId: number,
    hash: string,
    size: ImageSize,
    db: Db,
  ): Promise<{ contentType: string; content: Buffer } | null> {
    const [row] = await queryRows<{ contentType: string; content: Buffer | Uint8Array }>(
      db,
      sql`SELECT content_type AS "contentType", content FROM product_images
          WHERE product_id = ${productId} AND size = ${size} AND hash = ${hash}`,
    );
    return row ? { contentType: row.contentType, content: Buffer.from(row.content) } : null;
  }
}
