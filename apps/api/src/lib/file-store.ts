import type { Readable } from 'node:stream';
import type { Db } from '../db/client';

/**
 * Where the shop keeps files every API process and every host must see (decision 090): the forms' uploads,
 * the leaflets' drawn pages and PDFs. Two implementations: PostgreSQL (the default, file-store-pg.ts) and
 * S3-compatible object storage when FILES_S3_BUCKET is set (file-store-s3.ts). Files stream in and out; none
 * is held whole in memory.
 *
 * A key is written once: a file is whole once `put` resolves, and a reader never sees half a file. Writing a
 * key that exists leaves one whole file under it (PostgreSQL keeps the first, S3 the last: the shop writes a
 * key again only with the same content, e.g. two processes drawing the same leaflet).
 */
export interface StoredFile {
  key: string;
  sizeBytes: number;
  contentType: string;
}

export interface FileStore {
  /** 'postgres' or 's3' (the start log and the decision record name it) */
  readonly kind: 'postgres' | 's3';
  /** Stores the stream's bytes under `key`. When the stream fails, rejects with its error and stores nothing. */
  put(key: string, content: Readable, contentType: string): Promise<StoredFile>;
  /** The file's size and type, or null when there is none. */
  head(key: string): Promise<StoredFile | null>;
  /** The file with its bytes as a stream (read as it is consumed), or null when there is none. */
  open(key: string): Promise<(StoredFile & { stream: Readable }) | null>;
  /** Deletes the file; nothing when there is none. */
  remove(key: string): Promise<void>;
  /**
   * The same store reading and writing through `db` (a transaction the caller holds): PostgreSQL's needs it
   * on PGlite, whose one connection a transaction holds. Absent: the store does not use the database.
   */
  withDb?(db: Db): FileStore;
  /** Deletes what failed writes left behind (PostgreSQL); returns how many pieces. */
  sweep?(): Promise<number>;
  /** Lets go of its connections (object storage's HTTP agents). */
  close?(): void;
}

/** Keys are paths of lower-case ASCII names: no `..`, no leading or trailing slash. */
const KEY = /^[a-z0-9][a-z0-9._-]{0,99}(?:\/[a-z0-9][a-z0-9._-]{0,99}){0,4}$/;

export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`file store: not a key: ${JSON.stringify(key)}`);
  return key;
}
