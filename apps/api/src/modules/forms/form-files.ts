import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@spesa/shared/forms/form-fields';
import type { FileStore } from '../../lib/file-store';

/**
 * The forms' files (decisions 051 and 090): in the shop's file store (PostgreSQL or object storage, never
 * served as they are), each under `forms/<random name>`. A file is written while it streams in, counted chunk
 * by chunk: at 2 MB and one byte the stream is cut and nothing is kept, so a big upload never sits in memory.
 * Its type is read from its first bytes (file-type's magic numbers), never from its name, before the store
 * finishes the file: a file of a refused type is never kept either.
 */
export type StoreOutcome =
  | { ok: true; storedName: string; contentType: string; sizeBytes: number }
  | { ok: false; reason: 'tooLarge' | 'type' };

/** The store's key of a form's file (its stored name: 32 hex digits). */
export function formFileKey(storedName: string): string {
  if (!/^[a-f0-9]{32}$/.test(storedName)) throw new Error('formFileKey: not a stored name');
  return `${FORM_FILES_PREFIX}${storedName}`;
}

export const FORM_FILES_PREFIX = 'forms/';

/** file-type reads at most this many bytes */
const HEAD_BYTES = 4100;

class TooLarge extends Error {}
class WrongType extends Error {}

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
  constructor(private readonly files: FileStore) {}

  /** A file with its bytes as a stream, or null when the store has none. */
  open(storedName: string) {
    return this.files.open(formFileKey(storedName));
  }

  /** Stores the stream; refuses (keeping nothing) over 2 MB or of a type not in `allowedMimes`. */
  async store(stream: Readable, allowedMimes: ReadonlySet<string>): Promise<StoreOutcome> {
    // file-type (and its tokenizers) is loaded on the first file sent, not at every process's start
    const { fileTypeFromBuffer } = await import('file-type');
    const storedName = randomBytes(16).toString('hex');
    let contentType: string | null = null;
    let size = 0;
    /** the bytes as they arrive, counted; the type is read from the first 4100 (or all, when fewer) */
    async function* checked() {
      const head: Buffer[] = [];
      let headBytes = 0;
      const readType = async () => {
        const type = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, HEAD_BYTES));
        if (!type || !allowedMimes.has(type.mime)) throw new WrongType();
        contentType = type.mime;
      };
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        size += bytes.length;
        if (size > MAX_UPLOAD_BYTES) throw new TooLarge();
        if (contentType === null) {
          head.push(bytes);
          headBytes += bytes.length;
          if (headBytes >= HEAD_BYTES) await readType();
        }
        yield bytes;
      }
      // @fastify/multipart marks a file cut at its own limit as truncated (when it does not throw)
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new TooLarge();
      if (contentType === null) await readType();
    }
    try {
      await this.files.put(
        formFileKey(storedName),
        Readable.from(checked(), { objectMode: false }),
        'application/octet-stream',
      );
    } catch (err) {
      stream.resume();
      if (err instanceof TooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        return { ok: false, reason: 'tooLarge' };
      if (err instanceof WrongType) return { ok: false, reason: 'type' };
      throw err;
    }
    return { ok: true, storedName, contentType: contentType ?? 'application/octet-stream', sizeBytes: size };
  }

  async remove(storedName: string): Promise<void> {
    await this.files.remove(formFileKey(storedName));
  }
}
