import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { checkedKey, type FileStore, type StoredFile } from './file-store';

/** A part of a multipart upload: S3's smallest (every part but the last must be 5 MiB or more). */
export const S3_PART_BYTES = 5 * 1024 * 1024;

export interface S3FileStoreOptions {
  /** any S3-compatible endpoint (https://s3.eu-south-1.amazonaws.com, MinIO, Ceph, Garage …); absent: AWS's own */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** a prefix put before every key (several shops in one bucket) */
  prefix?: string | undefined;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The file store in S3-compatible object storage (decision 090): path-style addresses (bucket in the path,
 * as every S3-compatible server accepts), SigV4. `put` streams through lib-storage's Upload one part at a
 * time (queue of 1): a file under 5 MiB is one PutObject, a bigger one a multipart upload that is aborted
 * when the stream fails, so memory holds one part at most. Checksums only where S3 requires them (many
 * S3-compatible servers refuse the SDK's default trailing checksums). The SDK (about a fifth of a second to load)
 * is loaded on the first file read or written, not at every process's start.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly #config: S3ClientConfig;
  #client: Promise<S3Client> | undefined;
  #made: S3Client | undefined;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(opts: S3FileStoreOptions) {
    const config: S3ClientConfig = {
      region: opts.region,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
    };
    this.#config = config;
    this.#bucket = opts.bucket;
    this.#prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : '';
  }

  /** The SDK's client, made on first use. */
  #s3(): Promise<S3Client> {
    this.#client ??= import('@aws-sdk/client-s3').then(({ S3Client }) => {
      this.#made = new S3Client(this.#config);
      return this.#made;
    });
    return this.#client;
  }

  #objectKey(key: string): string {
    return `${this.#prefix}${checkedKey(key)}`;
  }

  async put(key: string, content: Readable, contentType: string): Promise<StoredFile> {
    let size = 0;
    async function* counted() {
      for await (const chunk of content) {
        size += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    const [client, { Upload }] = await Promise.all([this.#s3(), import('@aws-sdk/lib-storage')]);
    // lib-storage aborts the multipart upload when the stream fails (leavePartsOnError false)
    await new Upload({
      client,
      params: {
        Bucket: this.#bucket,
        Key: this.#objectKey(key),
        Body: Readable.from(counted(), { objectMode: false }),
        ContentType: contentType,
      },
      queueSize: 1,
      partSize: S3_PART_BYTES,
      leavePartsOnError: false,
    }).done();
    return { key, sizeBytes: size, contentType };
  }

  async head(key: string): Promise<StoredFile | null> {
    const [client, { HeadObjectCommand }] = await Promise.all([this.#s3(), import('@aws-sdk/client-s3')]);
    try {
      const out = await client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }),
      );
      return {
        key,
        sizeBytes: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async open(key: string): Promise<(StoredFile & { stream: Readable }) | null> {
    const [client, { GetObjectCommand }] = await Promise.all([this.#s3(), import('@aws-sdk/client-s3')]);
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }),
      );
      return {
        key,
        sizeBytes: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
        stream: out.Body as Readable,
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    const [client, { DeleteObjectCommand }] = await Promise.all([this.#s3(), import('@aws-sdk/client-s3')]);
    await client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
  }

  close(): void {
    this.#made?.destroy();
  }
}
