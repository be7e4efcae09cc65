import type { Db } from '../db/client';
import type { Env } from '../env';
import type { FileStore } from './file-store';
import { PgFileStore } from './file-store-pg';
import { S3FileStore } from './file-store-s3';

/** The shop's file store (decision 090): S3-compatible object storage when FILES_S3_BUCKET is set, else PostgreSQL. */
export function fileStoreOf(env: Env, db: Db): FileStore {
  return env.FILES_S3_BUCKET
    ? new S3FileStore({
        bucket: env.FILES_S3_BUCKET,
        region: env.FILES_S3_REGION,
        endpoint: env.FILES_S3_ENDPOINT,
        accessKeyId: env.FILES_S3_ACCESS_KEY_ID,
        secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY,
        prefix: env.FILES_S3_PREFIX,
      })
    : new PgFileStore(db);
}

/** Where the files are, for the start log. */
export const fileStoreDescription = (env: Env): string =>
  env.FILES_S3_BUCKET
    ? `object storage, bucket ${env.FILES_S3_BUCKET}${env.FILES_S3_ENDPOINT ? ` at ${env.FILES_S3_ENDPOINT}` : ''}`
    : 'PostgreSQL (stored_files)';
