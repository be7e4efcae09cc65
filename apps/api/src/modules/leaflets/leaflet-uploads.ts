import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  LEAFLET_IMAGE_MAX_BYTES,
  LEAFLET_MAX_PAGES,
  LEAFLET_PDF_MAX_BYTES,
} from '@spesa/shared/contracts/admin-leaflets';
import { LEAFLET_PAGE_RATIO } from '@spesa/shared/contracts/leaflets';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { OutputInfo } from 'sharp';
import type { MessageKey } from './leaflets.messages';

/**
 * A leaflet's pages as the back office uploads them (decision 097): one PDF, or images (JPEG, PNG, WebP) one per
 * page. Each file streams into a temporary folder, counted as it comes (over its limit the upload is refused),
 * its type read from its first bytes, never its name, and its bytes hashed: the hash names the leaflet's files'
 * folder, so the same pages uploaded twice are the same files. A PDF's pages are rendered by pdf.js
 * (pdfjs-dist, Mozilla's renderer) on @napi-rs/canvas (Skia, prebuilt for the platform from npm); every page,
 * PDF or image, becomes an image of the viewer's shape (LEAFLET_PAGE_RATIO, white margins) handed to `page`.
 */
export type UploadRefusal = { refused: MessageKey; detail?: Record<string, string | number> };

export interface StagedPages {
  kind: 'pdf' | 'images';
  /** 12 hex digits of the bytes' hash: the files' version */
  version: string;
  pageCount: number;
  /** the files in the temporary folder, in order */
  paths: string[];
  dir: string;
}

const { width: W, height: H } = LEAFLET_PAGE_RATIO;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

class TooLarge extends Error {}

/** Streams one part into `path`, at most `max` bytes (over: TooLarge), hashing it; answers its first bytes. */
async function streamInto(file: Readable, path: string, max: number, hash: ReturnType<typeof createHash>) {
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  await pipeline(
    file,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > max) throw new TooLarge();
        if (headBytes < 4100) {
          head.push(chunk);
          headBytes += chunk.length;
        }
        hash.update(chunk);
        yield chunk;
      }
    },
    createWriteStream(path, { mode: 0o600 }),
  );
  return { size, head: Buffer.concat(head).subarray(0, 4100) };
}

/**
 * Receives the upload's files (an async iterable of multipart file parts). Refusals: no file, a file that is
 * neither a PDF nor an image, a PDF with other files, a file over its limit, more pages than allowed, a PDF that
 * cannot be read. Nothing is kept on a refusal: the caller removes `dir` with `discard`.
 */
export async function stagePages(
  parts: AsyncIterable<{ file: Readable; filename: string }>,
): Promise<StagedPages | UploadRefusal> {
  const dir = await mkdtemp(join(tmpdir(), 'spesa-leaflet-'));
  const hash = createHash('sha256');
  const paths: string[] = [];
  let kind: 'pdf' | 'images' | null = null;
  const refuse = async (refused: MessageKey, detail?: Record<string, string | number>) => {
    await discard(dir);
    return detail ? { refused, detail } : { refused };
  };
  try {
    for await (const part of parts) {
      if (paths.length >= LEAFLET_MAX_PAGES) {
        part.file.resume();
        return await refuse('tooManyPages');
      }
      const path = join(dir, `part-${paths.length}`);
      const max = kind === 'images' ? LEAFLET_IMAGE_MAX_BYTES : LEAFLET_PDF_MAX_BYTES;
      const { size, head } = await streamInto(part.file, path, max, hash);
      // file-type, sharp and pdf-lib are loaded at first use (decision 089: a replaced worker's start)
      const type = size === 0 ? undefined : await (await import('file-type')).fileTypeFromBuffer(head);
      const thisKind =
        type?.mime === 'application/pdf' ? 'pdf' : IMAGE_TYPES.has(type?.mime ?? '') ? 'images' : null;
      if (!thisKind) return await refuse('fileKind', { name: part.filename.slice(0, 80) });
      if (thisKind === 'images' && size > LEAFLET_IMAGE_MAX_BYTES) return await refuse('imageTooLarge');
      if (kind !== null && (kind === 'pdf' || thisKind === 'pdf')) return await refuse('pdfAlone');
      kind = thisKind;
      paths.push(path);
    }
  } catch (error) {
    if (error instanceof TooLarge) return refuse(kind === 'images' ? 'imageTooLarge' : 'fileTooLarge');
    await discard(dir);
    throw error;
  }
  if (!kind) return refuse('fileMissing');
  const version = hash.update(kind).digest('hex').slice(0, 12);
  if (kind === 'images') return { kind, version, pageCount: paths.length, paths, dir };
  const pdf = await openPdf(paths[0] ?? '');
  if (!pdf) return refuse('pdfUnreadable');
  const pageCount = pdf.numPages;
  await pdf.destroy();
  if (pageCount > LEAFLET_MAX_PAGES) return refuse('tooManyPages');
  return { kind, version, pageCount, paths, dir };
}

/** Removes the temporary folder of an upload. */
export const discard = (dir: string) => rm(dir, { recursive: true, force: true });

let pdfjs: Promise<typeof PdfJs> | null = null;
/** pdf.js is loaded on the first PDF (it is not needed to start a worker). */
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
const standardFonts = () =>
  `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function openPdf(path: string) {
  const { getDocument } = await loadPdfJs();
  try {
    // pdf.js keeps the document's bytes while it reads it: bounded by LEAFLET_PDF_MAX_BYTES
    const data = new Uint8Array(await readFile(path));
    return await getDocument({
      data,
      isEvalSupported: false,
      disableFontFace: true,
      standardFontDataUrl: standardFonts(),
      verbosity: 0,
    }).promise;
  } catch {
    return null;
  }
}

/** A page image in the viewer's shape: the picture scaled to fit, on white. */
async function fitted(input: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  const { default: sharp } = await import('sharp');
  return sharp(input, { limitInputPixels: 60_000_000 })
    .rotate()
    .resize({ width: W, height: H, fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
}
export type PageImage = Awaited<ReturnType<typeof fitted>>;

/**
 * Hands each page, as an image of the viewer's shape, to `page` (one at a time: one page in memory), then the
 * leaflet's PDF to `pdf`: the uploaded one as it is, or one made of the images.
 */
export async function renderPages(
  staged: StagedPages,
  page: (n: number, image: PageImage) => Promise<void>,
  pdf: (stream: Readable) => Promise<void>,
): Promise<void> {
  if (staged.kind === 'pdf') {
    const path = staged.paths[0] ?? '';
    const doc = await openPdf(path);
    if (!doc) throw new Error('renderPages: the staged PDF no longer opens');
    const { createCanvas } = await import('@napi-rs/canvas');
    try {
      for (let n = 0; n < staged.pageCount; n++) {
        const p = await doc.getPage(n + 1);
        const base = p.getViewport({ scale: 1 });
        const viewport = p.getViewport({ scale: Math.min(W / base.width, H / base.height) });
        const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
        await p.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport })
          .promise;
        await page(n, await fitted(await canvas.encode('png')));
        p.cleanup();
      }
    } finally {
      await doc.destroy();
    }
    await pdf(createReadStream(path));
    return;
  }
  const [{ PDFDocument }, { default: sharp }] = await Promise.all([import('pdf-lib'), import('sharp')]);
  const made = await PDFDocument.create();
  made.setProducer('Spesa');
  const pw = 595.28;
  const ph = (pw * H) / W;
  for (const [n, path] of staged.paths.entries()) {
    const image = await fitted(await readFile(path));
    await page(n, image);
    const jpeg = await sharp(image.data, { raw: image.info }).jpeg({ quality: 82 }).toBuffer();
    const embedded = await made.embedJpg(jpeg);
    made.addPage([pw, ph]).drawImage(embedded, { x: 0, y: 0, width: pw, height: ph });
  }
  const bytes = await made.save();
  await pdf(Readable.from([Buffer.from(bytes)]));
}
