import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows';
import { buildTestApp, type TestApp } from '../../test/helper';
import { S3StandIn } from '../../test/stand-ins/s3/s3-stand-in';
import type { FileStore } from './file-store';
import { CHUNK_BYTES, PgFileStore } from './file-store-pg';
import { S3FileStore } from './file-store-s3';

/**
 * The file store's two implementations against the same contract (decision 090): PostgreSQL on the test
 * database (PGlite, or this file's PostgreSQL database), S3 against the stand-in over real HTTP. Files go in
 * and come out as streams, byte for byte, at the chunk and part boundaries; a stream that fails stores
 * nothing; a missing key is null.
 */
let t: TestApp;
let s3: S3StandIn;
let stores: Array<[string, FileStore]>;

beforeAll(async () => {
  t = await buildTestApp({ runJobs: false });
  s3 = await new S3StandIn().start();
  stores = [
    ['postgres', new PgFileStore(t.db)],
    [
      's3',
      new S3FileStore({
        endpoint: s3.url,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      }),
    ],
  ];
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const PATTERN = Buffer.from(Array.from({ length: 65_536 + 251 }, (_v, i) => i % 251));

/** `size` bytes of a repeatable pattern, produced lazily in 64 KiB pieces (never held whole). */
function patterned(size: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(65_536, size - sent);
      const piece = Buffer.from(PATTERN.subarray(sent % 251, (sent % 251) + n));
      sent += n;
      this.push(piece);
    },
  });
}

async function digestOf(stream: Readable): Promise<{ size: number; sha: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha: hash.digest('hex') };
}

const expected = (size: number) => digestOf(patterned(size));

let n = 0;
const newKey = (what: string) => `test/${what}-${Date.now().toString(36)}-${n++}.bin`;

describe.each(['postgres', 's3'])('file store: %s', (name) => {
  const store = () => stores.find(([k]) => k === name)?.[1] as FileStore;

  it.each([
    ['empty', 0],
    ['small', 1234],
    ['exactly one chunk', CHUNK_BYTES],
    ['one chunk and a byte', CHUNK_BYTES + 1],
    ['five chunks and a half', 5 * CHUNK_BYTES + CHUNK_BYTES / 2],
  ])('stores and streams back a file (%s), with its size and type', async (_what, size) => {
    const key = newKey('round');
    const stored = await store().put(key, patterned(size), 'application/pdf');
    expect(stored).toEqual({ key, sizeBytes: size, contentType: 'application/pdf' });
    expect(await store().head(key)).toEqual({ key, sizeBytes: size, contentType: 'application/pdf' });
    const opened = await store().open(key);
    expect(opened).toMatchObject({ key, sizeBytes: size, contentType: 'application/pdf' });
    expect(await digestOf(opened!.stream)).toEqual(await expected(size));
  });

  it('answers null for a key it does not have, and removes a file (twice is fine)', async () => {
    const key = newKey('gone');
    expect(await store().head(key)).toBeNull();
    expect(await store().open(key)).toBeNull();
    await store().put(key, Readable.from([Buffer.from('ciao')]), 'text/plain');
    await store().remove(key);
    await store().remove(key);
    expect(await store().head(key)).toBeNull();
    expect(await store().open(key)).toBeNull();
  });

  it('stores nothing when the stream fails halfway, and rejects with its error', async () => {
    const key = newKey('broken');
    await expect(store().put(key, patterned(2_000_000, 700_000), 'image/png')).rejects.toThrow(
      'the client went away',
    );
    expect(await store().head(key)).toBeNull();
  });

  it('refuses a key that is not a plain path', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'a//b', 'UPPER', 'a/../b', ''])
      await expect(store().put(bad, Readable.from([]), 'text/plain')).rejects.toThrow('not a key');
  });
});

describe('file store: PostgreSQL', () => {
  it('keeps a file in 256 KB chunks and leaves no chunk behind a failed write or a removal', async () => {
    const store = new PgFileStore(t.db);
    const chunks = () =>
      queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM stored_file_chunks`).then(
        (r) => r[0]?.n,
      );
    const before = await chunks();
    const key = newKey('chunks');
    await store.put(key, patterned(3 * CHUNK_BYTES + 10), 'application/octet-stream');
    const [sizes] = await queryRows<{ n: number; largest: number }>(
      t.db,
      sql`SELECT count(*)::int AS n, max(length(c.data))::int AS largest
          FROM stored_file_chunks c JOIN stored_files f USING (blob_id) WHERE f.key = ${key}`,
    );
    expect(sizes).toEqual({ n: 4, largest: CHUNK_BYTES });
    await expect(
      store.put(newKey('cut'), patterned(CHUNK_BYTES * 3, CHUNK_BYTES * 2), 'x/y'),
    ).rejects.toThrow();
    await store.remove(key);
    expect(await chunks()).toBe(before);
  });

  it('keeps the first file when a key is written twice (files are written once)', async () => {
    const store = new PgFileStore(t.db);
    const key = newKey('twice');
    await store.put(key, Readable.from([Buffer.from('prima')]), 'text/plain');
    const again = await store.put(key, Readable.from([Buffer.from('seconda!')]), 'text/html');
    expect(again).toEqual({ key, sizeBytes: 5, contentType: 'text/plain' });
    expect(await digestOf((await store.open(key))!.stream)).toEqual(
      await digestOf(Readable.from([Buffer.from('prima')])),
    );
  });

  it('sweeps the chunks of a write that died before its file row, once they are old', async () => {
    const store = new PgFileStore(t.db);
    const blob = '00000000-0000-4000-8000-000000000001';
    await t.db.execute(
      sql`INSERT INTO stored_file_chunks (blob_id, seq, data, created_at)
          VALUES (${blob}, 0, ${Buffer.from('orfano')}, now() - interval '7 hours'),
                 ('00000000-0000-4000-8000-000000000002', 0, ${Buffer.from('in corso')}, now())`,
    );
    expect(await store.sweep()).toBe(1);
    await t.db.execute(
      sql`DELETE FROM stored_file_chunks WHERE blob_id = '00000000-0000-4000-8000-000000000002'`,
    );
  });

  it('streams a 16 MB file in and out holding a few chunks at a time, not the file', async () => {
    const store = new PgFileStore(t.db);
    const size = 16 * 1024 * 1024;
    const key = newKey('big');
    await store.put(key, patterned(size), 'application/octet-stream');
    const opened = await store.open(key);
    // a slow reader: the store reads the next chunk only when asked, so its buffer stays near one chunk
    let largestBuffer = 0;
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of opened!.stream) {
      largestBuffer = Math.max(largestBuffer, opened!.stream.readableLength);
      hash.update(chunk as Buffer);
      read += (chunk as Buffer).length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect({ read, sha: hash.digest('hex') }).toEqual({ read: size, sha: (await expected(size)).sha });
    expect(largestBuffer).toBeLessThanOrEqual(2 * CHUNK_BYTES);
    await store.remove(key);
  }, 120_000);
});

describe('file store: S3', () => {
  const store = () => stores.find(([k]) => k === 's3')?.[1] as S3FileStore;

  it('sends a file under 5 MiB as one PutObject, path-style, signed', async () => {
    const key = newKey('put');
    const from = s3.requests.length;
    await store().put(key, patterned(300_000), 'image/webp');
    expect(s3.requests.slice(from)).toEqual([{ method: 'PUT', operation: 'PutObject', key, status: 200 }]);
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
  });

  it('sends a bigger file as a multipart upload, one 5 MiB part at a time', async () => {
    const key = newKey('multi');
    const size = 12 * 1024 * 1024 + 3;
    const from = s3.requests.length;
    await store().put(key, patterned(size), 'application/pdf');
    expect(s3.requests.slice(from).map((r) => r.operation)).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    expect(s3.maxPartsInFlight).toBe(1);
    expect(await digestOf((await store().open(key))!.stream)).toEqual(await expected(size));
  });

  it('aborts the multipart upload when the stream fails after a part was sent', async () => {
    const key = newKey('aborted');
    const from = s3.requests.length;
    await expect(store().put(key, patterned(20_000_000, 11_000_000), 'x/y')).rejects.toThrow('went away');
    const ops = s3.requests.slice(from).map((r) => r.operation);
    expect(ops[0]).toBe('CreateMultipartUpload');
    expect(ops).toContain('AbortMultipartUpload');
    expect(ops).not.toContain('CompleteMultipartUpload');
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.has(key)).toBe(false);
  });

  it('is refused by the stand-in with a wrong secret (the signature is checked), and says NoSuchKey in XML', async () => {
    const wrong = new S3FileStore({
      endpoint: s3.url,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(
      wrong.put(newKey('nope'), Readable.from([Buffer.from('x')]), 'text/plain'),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    const client = new S3Client({
      endpoint: s3.url,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await expect(
      client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'test/none.bin' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    const raw = await fetch(`${s3.url}/${s3.bucket}/test/none.bin`);
    expect(raw.status).toBe(403);
    expect(await raw.text()).toContain('<Code>AccessDenied</Code>');
    client.destroy();
  });

  it('answers a ranged GetObject with 206 and the bytes asked', async () => {
    const key = newKey('range');
    await store().put(key, Readable.from([Buffer.from('0123456789')]), 'text/plain');
    const client = new S3Client({
      endpoint: s3.url,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, Range: 'bytes=2-5' }));
    expect(out.$metadata.httpStatusCode).toBe(206);
    expect(out.ContentRange).toBe('bytes 2-5/10');
    expect(await out.Body?.transformToString()).toBe('2345');
    client.destroy();
  });
});
