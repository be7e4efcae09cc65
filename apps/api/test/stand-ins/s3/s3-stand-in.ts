import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSignature } from './sigv4';

/**
 * A stand-in for S3 (decision 090): a real HTTP server on 127.0.0.1 speaking S3's REST API with path-style
 * addresses (`/<bucket>/<key>`), as Amazon's API reference describes it, with the objects in memory:
 * - PutObject, GetObject (with `Range: bytes=a-b`, answered 206), HeadObject, DeleteObject (204 whether or
 *   not the key exists);
 * - CreateMultipartUpload (`POST ?uploads`), UploadPart (`PUT ?partNumber&uploadId`), CompleteMultipartUpload
 *   (`POST ?uploadId`, the parts listed in order, every part but the last 5 MiB or more: EntityTooSmall),
 *   AbortMultipartUpload (`DELETE ?uploadId`); an unknown upload id: NoSuchUpload;
 * - errors as S3's XML (`<Error><Code>NoSuchKey</Code>…`) with their status; a HEAD's error has no body;
 * - every request signed with SigV4 in its Authorization header, checked for real (sigv4.ts): 403 otherwise.
 * Test controls: `requests` (what was asked, in order), `objects`, `uploads` (multipart uploads in progress),
 * `maxPartsInFlight`.
 */
export interface S3StandInOptions {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

interface StoredObject {
  data: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  parts: Map<number, { data: Buffer; etag: string }>;
}

export const MIN_PART_BYTES = 5 * 1024 * 1024;

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xml = (root: string, fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${Object.entries(
    fields,
  )
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('')}</${root}>`;

const ERROR_STATUS: Record<string, number> = {
  AccessDenied: 403,
  AuthorizationHeaderMalformed: 400,
  EntityTooSmall: 400,
  InvalidAccessKeyId: 403,
  InvalidArgument: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  InvalidRange: 416,
  MalformedXML: 400,
  MethodNotAllowed: 405,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NoSuchUpload: 404,
  SignatureDoesNotMatch: 403,
  XAmzContentSHA256Mismatch: 400,
};

const ERROR_MESSAGE: Record<string, string> = {
  NoSuchKey: 'The specified key does not exist.',
  NoSuchBucket: 'The specified bucket does not exist.',
  NoSuchUpload:
    'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
  EntityTooSmall: 'Your proposed upload is smaller than the minimum allowed object size.',
  SignatureDoesNotMatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

export class S3StandIn {
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly objects = new Map<string, StoredObject>();
  readonly uploads = new Map<string, MultipartUpload>();
  readonly requests: Array<{ method: string; operation: string; key: string; status: number }> = [];
  maxPartsInFlight = 0;
  #partsInFlight = 0;
  #server: Server | null = null;
  url = '';

  constructor(opts: S3StandInOptions = {}) {
    this.bucket = opts.bucket ?? 'spesa-files';
    this.region = opts.region ?? 'eu-south-1';
    this.accessKeyId = opts.accessKeyId ?? 'AKIASTANDIN000000001';
    this.secretAccessKey = opts.secretAccessKey ?? randomBytes(20).toString('base64');
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const q = url.searchParams;
    const method = req.method ?? 'GET';
    const operation = operationOf(method, q);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const log = (status: number) => this.requests.push({ method, operation, key, status });
    const fail = (code: string) => {
      const status = ERROR_STATUS[code] ?? 400;
      log(status);
      if (method === 'HEAD') return void res.writeHead(status).end();
      res.writeHead(status, { 'content-type': 'application/xml' }).end(
        xml('Error', {
          Code: code,
          Message: ERROR_MESSAGE[code] ?? code,
          ...(key ? { Key: key } : {}),
          RequestId: randomBytes(8).toString('hex').toUpperCase(),
        }),
      );
    };
    const refusal = checkSignature(
      req,
      body,
      new Map([[this.accessKeyId, this.secretAccessKey]]),
      this.region,
    );
    if (refusal) return fail(refusal);
    if (bucket !== this.bucket) return fail('NoSuchBucket');
    if (!key) return fail('MethodNotAllowed');
    const ok = (status: number, headers: Record<string, string | number>, payload?: Buffer | string) => {
      log(status);
      res.writeHead(status, headers).end(payload);
    };

    switch (operation) {
      case 'PutObject': {
        const etag = `"${md5(body)}"`;
        this.objects.set(key, {
          data: body,
          contentType: contentTypeOf(req),
          etag,
          lastModified: new Date(),
        });
        return ok(200, { etag });
      }
      case 'GetObject':
      case 'HeadObject': {
        const object = this.objects.get(key);
        if (!object) return fail('NoSuchKey');
        const headers = {
          'content-type': object.contentType,
          etag: object.etag,
          'last-modified': object.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
        };
        const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (range && operation === 'GetObject') {
          const size = object.data.length;
          const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
          const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
          if (start >= size || start > end) return fail('InvalidRange');
          return ok(
            206,
            {
              ...headers,
              'content-length': end - start + 1,
              'content-range': `bytes ${start}-${end}/${size}`,
            },
            object.data.subarray(start, end + 1),
          );
        }
        return ok(
          200,
          { ...headers, 'content-length': object.data.length },
          operation === 'GetObject' ? object.data : undefined,
        );
      }
      case 'DeleteObject':
        this.objects.delete(key);
        return ok(204, {});
      case 'CreateMultipartUpload': {
        const uploadId = randomBytes(24).toString('base64url');
        this.uploads.set(uploadId, { key, contentType: contentTypeOf(req), parts: new Map() });
        return ok(
          200,
          { 'content-type': 'application/xml' },
          xml('InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: uploadId }),
        );
      }
      case 'UploadPart': {
        const upload = this.uploads.get(q.get('uploadId') ?? '');
        if (!upload || upload.key !== key) return fail('NoSuchUpload');
        const partNumber = Number(q.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
          return fail('InvalidArgument');
        this.#partsInFlight += 1;
        this.maxPartsInFlight = Math.max(this.maxPartsInFlight, this.#partsInFlight);
        // the part is "received" over a turn of the event loop, as a real upload takes time
        await new Promise((resolve) => setImmediate(resolve));
        this.#partsInFlight -= 1;
        const etag = `"${md5(body)}"`;
        upload.parts.set(partNumber, { data: body, etag });
        return ok(200, { etag });
      }
      case 'CompleteMultipartUpload': {
        const uploadId = q.get('uploadId') ?? '';
        const upload = this.uploads.get(uploadId);
        if (!upload || upload.key !== key) return fail('NoSuchUpload');
        const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
          partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] ?? '')?.[1]),
          etag: (/<ETag>([^<]*)<\/ETag>/.exec(m[1] ?? '')?.[1] ?? '').replace(/&quot;/g, '"'),
        }));
        if (listed.length === 0) return fail('MalformedXML');
        const parts: Buffer[] = [];
        for (const [i, p] of listed.entries()) {
          if (i > 0 && p.partNumber <= (listed[i - 1]?.partNumber ?? 0)) return fail('InvalidPartOrder');
          const part = upload.parts.get(p.partNumber);
          if (!part || part.etag !== p.etag) return fail('InvalidPart');
          if (i < listed.length - 1 && part.data.length < MIN_PART_BYTES) return fail('EntityTooSmall');
          parts.push(part.data);
        }
        const data = Buffer.concat(parts);
        const etag = `"${md5(Buffer.concat(listed.map((p) => Buffer.from(p.etag.replace(/"/g, ''), 'hex'))))}-${listed.length}"`;
        this.objects.set(key, { data, contentType: upload.contentType, etag, lastModified: new Date() });
        this.uploads.delete(uploadId);
        return ok(
          200,
          { 'content-type': 'application/xml' },
          xml('CompleteMultipartUploadResult', {
            Location: `${this.url}/${bucket}/${key}`,
            Bucket: bucket,
            Key: key,
            ETag: etag,
          }),
        );
      }
      case 'AbortMultipartUpload': {
        const uploadId = q.get('uploadId') ?? '';
        if (!this.uploads.delete(uploadId)) return fail('NoSuchUpload');
        return ok(204, {});
      }
      default:
        return fail('MethodNotAllowed');
    }
  }
}

function operationOf(method: string, q: URLSearchParams): string {
  if (method === 'POST' && q.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'POST' && q.has('uploadId')) return 'CompleteMultipartUpload';
  if (method === 'PUT' && q.has('uploadId')) return 'UploadPart';
  if (method === 'DELETE' && q.has('uploadId')) return 'AbortMultipartUpload';
  if (method === 'PUT') return 'PutObject';
  if (method === 'GET') return 'GetObject';
  if (method === 'HEAD') return 'HeadObject';
  if (method === 'DELETE') return 'DeleteObject';
  return 'Unknown';
}

const contentTypeOf = (req: IncomingMessage) => String(req.headers['content-type'] ?? 'binary/octet-stream');
