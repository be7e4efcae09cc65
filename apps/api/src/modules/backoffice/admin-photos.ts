import {
  PHOTOS_ZIP_MAX_BYTES,
  PHOTOS_ZIP_MAX_FILES,
  type AdminPhotosResult,
} from '@spesa/shared/contracts/admin-assortment';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { failWith, ok, type Result } from '../../lib/result';
import type { CatalogueAdmin } from '../catalogue/catalogue-admin';
import { capped, FileTooLarge } from '../catalogue/import-files';
import { MAX_IMAGE_BYTES } from '../catalogue/product-images';
import type { AdminProductsService } from './admin-products.service';
import type { AdminMember } from './staff-auth.service';

const PHOTO_NAME = /^(.+)\.(jpe?g|png|webp)$/i;

const ZIP_TEXT = {
  notZip: { code: 'msg.admin.photosNotZip', text: 'Carica un archivio ZIP di foto (.zip).' },
  tooLarge: { code: 'msg.admin.photosTooLarge', text: "L'archivio è troppo grande: al massimo 50 MB." },
};
const REFUSAL = {
  name: 'Il nome del file deve essere l’EAN o il codice del prodotto, con estensione .jpg, .png o .webp.',
  unknown: (key: string) => `Nessun prodotto con EAN o codice ${key}.`,
  tooLarge: 'Foto troppo grande: al massimo 8 MB.',
  tooMany: `Troppi file: al massimo ${PHOTOS_ZIP_MAX_FILES} foto per archivio.`,
};

/** One entry's bytes, at most `max` (null when it is larger than it declared). */
function entryBytes(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > max) {
          stream.destroy();
          resolve(null);
        } else chunks.push(c);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

/**
 * Product photos in bulk (decision 092): a ZIP streamed to a temporary file (50 MB at most), its photos read one
 * at a time (8 MB each at most, as a single upload), each named by the product's EAN or code and set through
 * the single upload's own path (`AdminProductsService.setImage`: resized the same way, kept where single photos
 * are kept, audited), so that a change of the photos' storage applies to both.
 */
export class AdminPhotos {
  constructor(
    private readonly catalogue: CatalogueAdmin,
    private readonly products: AdminProductsService,
  ) {}

  async fromZip(
    member: AdminMember,
    fileName: string,
    file: Readable,
  ): Promise<Result<{ data: AdminPhotosResult }>> {
    if (!fileName.toLowerCase().endsWith('.zip')) {
      file.resume();
      return failWith(ZIP_TEXT.notZip);
    }
    const dir = await mkdtemp(join(tmpdir(), 'spesa-photos-'));
    const path = join(dir, 'photos.zip');
    try {
      const limited = file.pipe(capped(PHOTOS_ZIP_MAX_BYTES));
      limited.on('error', () => file.resume());
      await pipeline(limited, createWriteStream(path, { mode: 0o600 }));
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      if (err instanceof FileTooLarge) return failWith(ZIP_TEXT.tooLarge);
      throw err;
    }
    try {
      const zip = await new Promise<yauzl.ZipFile | null>((resolve) =>
        yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, z) =>
          resolve(err ? null : (z ?? null)),
        ),
      );
      if (!zip) return failWith(ZIP_TEXT.notZip);
      return ok({ data: await this.entries(member, zip) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private entries(member: AdminMember, zip: yauzl.ZipFile): Promise<AdminPhotosResult> {
    const result: AdminPhotosResult = { done: [], refused: [] };
    let photos = 0;
    return new Promise((resolve, reject) => {
      const next = () => zip.readEntry();
      zip.on('error', reject);
      zip.on('end', () => resolve(result));
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = basename(entry.fileName);
        if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/') || name.startsWith('.'))
          return next();
        this.entry(member, zip, entry, name, ++photos)
          .then((outcome) => {
            if ('productId' in outcome) result.done.push(outcome);
            else result.refused.push(outcome);
            next();
          })
          .catch(reject);
      });
      next();
    });
  }

  private async entry(
    member: AdminMember,
    zip: yauzl.ZipFile,
    entry: yauzl.Entry,
    file: string,
    nth: number,
  ): Promise<{ file: string; productId: number } | { file: string; message: string }> {
    if (nth > PHOTOS_ZIP_MAX_FILES) return { file, message: REFUSAL.tooMany };
    const key = PHOTO_NAME.exec(file)?.[1]?.trim();
    if (!key) return { file, message: REFUSAL.name };
    if (entry.uncompressedSize > MAX_IMAGE_BYTES) return { file, message: REFUSAL.tooLarge };
    const productId = await this.catalogue.idByEanOrCode(key);
    if (productId === null) return { file, message: REFUSAL.unknown(key) };
    const bytes = await entryBytes(zip, entry, MAX_IMAGE_BYTES);
    if (!bytes) return { file, message: REFUSAL.tooLarge };
    const set = await this.products.setImage(member, productId, bytes);
    return set.ok ? { file, productId } : { file, message: set.message };
  }
}
