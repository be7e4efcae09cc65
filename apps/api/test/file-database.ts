import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';

/**
 * On PostgreSQL every API test file works in a database of its own, copied from the seeded one the run's
 * DATABASE_URL names (the template): throttle counters, jobs and catalogue versions of one file never meet
 * another's. global-setup.ts drops the copies at the end of the run.
 */
const FILE_DATABASE_MARK = '_file_';
/** each test file's database, by the file's path (a worker runs several files: vitest.config.ts, isolate) */
const fileDatabases = new Map<string, Promise<string>>();

/**
 * A session on the server's `postgres` database: CREATE DATABASE refuses a template that another session is
 * connected to, so the files creating their copies side by side must not connect to the template. (The
 * database has to be named in the URL: node-postgres lets the connection string win over a `database`
 * option.)
 */
function adminClient(templateUrl: string): pg.Client {
  const url = new URL(templateUrl);
  url.pathname = '/postgres';
  return new pg.Client({ connectionString: url.toString() });
}

/** This test file's own database (created on the first call), as a URL. */
export function databaseOfThisFile(templateUrl: string): Promise<string> {
  const file = expect.getState().testPath ?? '';
  const known = fileDatabases.get(file);
  if (known) return known;
  const fileDatabase = (async () => {
    const url = new URL(templateUrl);
    const template = decodeURIComponent(url.pathname.slice(1));
    const name = `${template}${FILE_DATABASE_MARK}${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = adminClient(templateUrl);
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${encodeURIComponent(name)}`;
    return url.toString();
  })();
  fileDatabases.set(file, fileDatabase);
  return fileDatabase;
}

/** Drops the per-file copies of the template database. */
export async function dropFileDatabases(templateUrl: string): Promise<void> {
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  const admin = adminClient(templateUrl);
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${template}${FILE_DATABASE_MARK}`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
