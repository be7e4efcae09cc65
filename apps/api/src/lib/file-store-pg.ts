import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { checkedKey, type FileStore, type StoredFile } from './file-store';

/** The bytes of one row of stored_file_chunks: what a read or a write holds in memory at once. */
export const CHUNK_BYTES = 256 * 1024;

/** How old a blob without its file row must be before the sweep deletes it (a write still running is younger). */
const ABANDONED_AFTER_HOURS = 6;

/**
 * The file store in PostgreSQL (tables stored_files and stored_file_chunks; PGlite too). `put` writes the
 * stream's bytes 256 KB at a time under a new blob id, one INSERT per chunk (no transaction held open
 * while the client uploads), then the file's row, which makes it visible at once; a write that fails or
 * dies leaves only chunks no row names, deleted by `sweep`. `open` reads one chunk per pull of the stream.
 */
export class PgFileStore implements FileStore {
  readonly kind = 'postgres';

  constructor(private readonly db: Db) {}

  withDb(db: Db): PgFileStore {
    return new PgFileStore(db);
  }

  async put(key: string, content: Readable, contentType: string): Promise<StoredFile> {
    checkedKey(key);
    const blobId = randomUUID();
    let seq = 0;
    let size = 0;
    const writeChunk = async (data: Buffer) => {
      await this.db.execute(
        sql`INSERT INTO stored_file_chunks (blob_id, seq, data) VALUES (${blobId}, ${seq}, ${data})`,
      );
      seq += 1;
    };
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const piece of content) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece as Uint8Array);
        pending.push(bytes);
        pendingBytes += bytes.length;
        size += bytes.length;
        while (pendingBytes >= CHUNK_BYTES) {
          const joined = Buffer.concat(pending);
          await writeChunk(joined.subarray(0, CHUNK_BYTES));
          const rest = joined.subarray(CHUNK_BYTES);
          pending = rest.length > 0 ? [Buffer.from(rest)] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0) await writeChunk(Buffer.concat(pending));
      const [stored] = await queryRows<{ key: string }>(
        this.db,
        sql`INSERT INTO stored_files (key, blob_id, size_bytes, content_type)
            VALUES (${key}, ${blobId}, ${size}, ${contentType})
            ON CONFLICT (key) DO NOTHING RETURNING key`,
      );
      if (!stored) {
        // written once: the file already there stays
        await this.#dropBlob(blobId);
        const existing = await this.head(key);
        if (existing) return existing;
        throw new Error(`file store: ${key} vanished while written`);
      }
    } catch (err) {
      await this.#dropBlob(blobId).catch(() => {});
      throw err;
    }
    return { key, sizeBytes: size, contentType };
  }

  async head(key: string): Promise<StoredFile | null> {
    const [row] = await queryRows<{ sizeBytes: number; contentType: string }>(
      this.db,
      sql`SELECT size_bytes::float8 AS "sizeBytes", content_type AS "contentType"
          FROM stored_files WHERE key = ${checkedKey(key)}`,
    );
    return row ? { key, ...row } : null;
  }

  async open(key: string): Promise<(StoredFile & { stream: Readable }) | null> {
    const [row] = await queryRows<{ blobId: string; sizeBytes: number; contentType: string }>(
      this.db,
      sql`SELECT blob_id AS "blobId", size_bytes::float8 AS "sizeBytes", content_type AS "contentType"
          FROM stored_files WHERE key = ${checkedKey(key)}`,
    );
    if (!row) return null;
    const { db } = this;
    const { blobId, sizeBytes } = row;
    async function* chunks() {
      let read = 0;
      for (let seq = 0; read < sizeBytes; seq++) {
        const [chunk] = await queryRows<{ data: Buffer | Uint8Array }>(
          db,
          sql`SELECT data FROM stored_file_chunks WHERE blob_id = ${blobId} AND seq = ${seq}`,
        );
        if (!chunk) throw new Error(`file store: ${key} was deleted while it was read`);
        const data = Buffer.isBuffer(chunk.data) ? chunk.data : Buffer.from(chunk.data);
        read += data.length;
        yield data;
      }
    }
    // one chunk in the stream's buffer at a time: the next query runs when the reader asks for more
    const stream = Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_BYTES });
    return { key, sizeBytes, contentType: row.contentType, stream };
  }

  async remove(key: string): Promise<void> {
    const [row] = await queryRows<{ blobId: string }>(
      this.db,
      sql`DELETE FROM stored_files WHERE key = ${checkedKey(key)} RETURNING blob_id AS "blobId"`,
    );
    if (row) await this.#dropBlob(row.blobId);
  }

  /** Deletes the chunks of writes that never finished (no file row names their blob); returns how many. */
  async sweep(): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.db,
      sql`WITH gone AS (
            DELETE FROM stored_file_chunks c
            WHERE c.created_at < now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})
              AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.blob_id = c.blob_id)
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    return rows[0]?.n ?? 0;
  }

  async #dropBlob(blobId: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM stored_file_chunks WHERE blob_id = ${blobId}`);
  }
}
