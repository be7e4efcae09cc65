// The role check of a PostgreSQL host, for HAProxy (deploy/haproxy.cfg, decision 091): runs beside the database
// server on each database host and answers over HTTP
//
//   GET /primary   200 "primary" when the server accepts writes (pg_is_in_recovery() is false), 503 otherwise
//   GET /standby   200 "standby" when it is a streaming standby, 503 otherwise
//
// Each check opens one short connection (no pool: a check must see the server as it is now) and gives up after
// 1 s. Environment: PG_CHECK_URL (the local server, e.g. postgres://postgres@127.0.0.1:5432/postgres),
// PG_CHECK_PORT (default 8008), PG_CHECK_HOST (default 0.0.0.0). Needs the `pg` package (the repository's
// node_modules): `node deploy/pg-role-check.mjs`.
import { createServer } from 'node:http';
import pg from 'pg';

const url = process.env.PG_CHECK_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.PG_CHECK_PORT ?? 8008);
const host = process.env.PG_CHECK_HOST ?? '0.0.0.0';

/** 'primary', 'standby', or null when the server does not answer within a second. */
async function role() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const r = await client.query('SELECT pg_is_in_recovery() AS standby');
    return r.rows[0]?.standby ? 'standby' : 'primary';
  } catch {
    return null;
  } finally {
    client.end().catch(() => {});
  }
}

createServer((req, res) => {
  const wanted = req.url === '/primary' ? 'primary' : req.url === '/standby' ? 'standby' : null;
  if (!wanted) {
    res.writeHead(404).end('not found\n');
    return;
  }
  void role().then((now) => {
    res.writeHead(now === wanted ? 200 : 503, { 'content-type': 'text/plain' }).end(`${now ?? 'down'}\n`);
  });
}).listen(port, host, () =>
  console.log(`pg-role-check on ${host}:${port} for ${url.replace(/:[^:@/]*@/, ':***@')}`),
);
