import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_UPLOAD_BYTES } from '@spesa/shared/forms/form-fields';

/**
 * The forms' files on disk (decision 051): under FORM_UPLOADS_DIR (outside the web root, never served), each
 * with a random name. A file is written while it streams in, counted chunk by chunk: at 2 MB and one byte the
 * stream is cut and the partial file deleted, so a big upload never sits in memory. Its type is read from its
 * first bytes (file-type's magic numbers), never from its name.
 */
export type StoreOutcome =
  | { ok: true; storedName: string; contentType: string; sizeBytes: number }
  | { ok: false; reason: 'tooLarge' | 'type' };

/** file-type reads at most this many bytes */
const HEAD_BYTES = 4100;

class TooLarge extends Error {}

/**
 * A name without Unicode format characters (category Cf: bidi overrides and isolates, zero-width characters,
 * the byte order mark, soft hyphens): invisible, they make a name display as another (`cv\u202Egpj.pdf` reads
 * "cvfdp.jpg").
 */
export function withoutFormatCharacters(name: string): string {
  return name.replace(/\p{Cf}/gu, '');
}

/**
 * A customer's file name as it is kept and shown: without format characters; null (refuse it) when what is
 * left is empty, too long, a path, has control characters or a leading dot.
 */
export function safeFileName(name: string): string | null {
  const trimmed = withoutFormatCharacters(name.normalize('NFC')).trim();
  if (trimmed === '' || trimmed.length > 150) return null;
  if (/[/\\:*?"<>|\p{Cc}]/u.test(trimmed) || trimmed.includes('..') || trimmed.startsWith('.')) return null;
  return trimmed;
}

export class FormFiles {
  constructor(private readonly dir: string) {}

  pathOf(storedName: string): string {
    if (!/^[a-f0-9]{32}$/.test(storedName)) throw new Error('pathOf: not a stored name');
    return join(this.dir, storedName);
  }

  /** Writes the stream; refuses (and deletes what was written) over 2 MB or of a type not in `allowedMimes`. */
  async store(stream: Readable, allowedMimes: ReadonlySet<string>): Promise<StoreOutcome> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const storedName = randomBytes(16).toString('hex');
    const partPath = join(this.dir, `${storedName}.part`);
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > MAX_UPLOAD_BYTES) {
          done(new TooLarge());
          return;
        }
        if (headBytes < HEAD_BYTES) {
          head.push(chunk);
          headBytes += chunk.length;
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(partPath, { mode: 0o600 }));
      // @fastify/multipart marks a file cut at its own limit as truncated (when it does not throw)
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new TooLarge();
    } catch (err) {
      await unlink(partPath).catch(() => {});
      stream.resume();
      if (err instanceof TooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        return { ok: false, reason: 'tooLarge' };
      throw err;
    }
    const type = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, HEAD_BYTES));
    if (!type || !allowedMimes.has(type.mime)) {
      await unlink(partPath).catch(() => {});
      return { ok: false, reason: 'type' };
    }
    const finalPath = this.pathOf(storedName);
    await rename(partPath, finalPath);
    return { ok: true, storedName, contentType: type.mime, sizeBytes: size };
  }

  async remove(storedName: string): Promise<void> {
    await unlink(this.pathOf(storedName)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}
