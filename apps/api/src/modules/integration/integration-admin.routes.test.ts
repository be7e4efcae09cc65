import type { AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import type { FeedEvent } from '@spesa/shared/contracts/integration';
import { sql } from 'drizzle-orm';
import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';

/**
 * "Integrazioni" hardened (decision 099), with internal addresses not allowed (as in production): a webhook
 * URL to this machine, the private network or the metadata service refused at registration with nothing
 * changed, and refused again at delivery (a URL stored earlier, a name resolving to an internal address)
 * without the receiver being called; each client's registration, webhook and revocation in the audit log,
 * never its secret.
 */
let t: TestApp;
let admin: string;
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  t = await buildTestApp({
    runJobs: false,
    env: {
      INTEGRATION_WEBHOOK_ALLOW_PRIVATE: 'false',
      INTEGRATION_WEBHOOK_RETRY_BASE_MS: 0,
      INTEGRATION_WEBHOOK_MAX_ATTEMPTS: 1,
    },
  });
  admin = await makeStaff(t, (await newCustomer(t, { tag: 'inta-admin' })).userId, [], 'administrator');
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t?.close();
});

const post = <T>(url: string, payload: unknown = {}) =>
  callAs<T>(t.app, admin, 'POST', `/ebsn/api${url}`, { via: 'staff', payload });

async function register(name: string) {
  const res = await post<{ client: AdminIntegrationClient; clientSecret: string }>(
    '/admin/integration/clients/create',
    { name, scopes: ['orders', 'stock'] },
  );
  expect(res.body.response.status).toBe(0);
  return res.body.data;
}

async function auditOf(clientId: number) {
  return queryRows<{ action: string; staffUserId: number | null; before: unknown; after: unknown }>(
    t.db,
    sql`SELECT action, staff_user_id AS "staffUserId", before, after FROM admin_audit
        WHERE resource = 'integration-clients' AND resource_id = ${String(clientId)} ORDER BY audit_id`,
  );
}

const webhookOf = async (id: number) =>
  (
    await queryRows<{ url: string | null }>(
      t.db,
      sql`SELECT webhook_url AS url FROM integration_clients WHERE client_id = ${id}`,
    )
  )[0]?.url ?? null;

describe('webhook URLs to internal addresses', () => {
  it('are refused at registration in Italian, nothing stored; a public https URL is taken', async () => {
    const { client } = await register('ERP SSRF');
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      'http://[::1]/hook',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/hook',
      'http://100.64.1.1/hook',
      'http://localhost/hook',
      'https://erp:password@erp.example.com/hook',
    ]) {
      const res = await post(`/admin/integration/clients/${client.id}/webhook`, {
        url,
        events: ['order.new'],
      });
      expect(res.body.response.status, url).not.toBe(0);
      const error = res.body.response.errors[0] as { error?: string; field?: string };
      expect(error.field, url).toBe('url');
      expect(error.error, url).toMatch(/indirizzo del webhook/);
    }
    expect(await webhookOf(client.id)).toBeNull();
    const ok = await post(`/admin/integration/clients/${client.id}/webhook`, {
      url: 'https://erp.example.com/spesa/hook',
      events: ['order.new'],
    });
    expect(ok.body.response.status).toBe(0);
    expect(await webhookOf(client.id)).toBe('https://erp.example.com/spesa/hook');
  });

  it('are refused again at delivery, the receiver never called: a stored address, a name resolving inside', async () => {
    const { client } = await register('ERP consegne');
    const internalName = hostname();
    const resolvesInside = await lookup(internalName, { all: true })
      .then((all) => all.length > 0)
      .catch(() => false);
    // only this client receives (the others' example.com hooks would wait on DNS)
    await t.db.execute(
      sql`UPDATE integration_clients SET webhook_url = NULL WHERE client_id <> ${client.id}`,
    );
    const urls = [`http://127.0.0.1:${port}/hook`, `http://${internalName}:${port}/hook`];
    for (const [i, url] of urls.entries()) {
      // stored as a URL checked earlier would be (another policy, or a name that resolved elsewhere then)
      await t.db.execute(
        sql`UPDATE integration_clients SET webhook_url = ${url}, webhook_events = '{order.new}',
              webhook_secret = 'whsec_test' WHERE client_id = ${client.id}`,
      );
      const event = { seq: 900_000 + i, type: 'order.new', orderId: 1, status: 3, at: '', order: null };
      await t.db.transaction((tx) => t.app.integration.webhooks.enqueue([event as FeedEvent], tx));
      for (let n = 0; n < 5 && (await t.app.jobs.runDue()) > 0; n++);
      const [d] = await queryRows<{ state: string; lastError: string | null }>(
        t.db,
        sql`SELECT state, last_error AS "lastError" FROM integration_deliveries
            WHERE client_id = ${client.id} AND event_seq = ${900_000 + i}`,
      );
      expect(d?.state, url).toBe('dead');
      if (i === 0 || resolvesInside) expect(d?.lastError, url).toMatch(/intern/);
    }
    expect(hits).toBe(0);
  });
});

describe('the audit log of integration clients', () => {
  it('records registration, webhook and revocation: who, which client and scopes, never a secret', async () => {
    const made = await register('Magazzino centrale');
    await post(`/admin/integration/clients/${made.client.id}/webhook`, {
      url: 'https://wms.example.com/hook',
      events: ['order.new', 'order.changed'],
    });
    const revoked = await post(`/admin/integration/clients/${made.client.id}/revoke`);
    expect(revoked.body.response.status).toBe(0);
    const rows = await auditOf(made.client.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'webhook', 'revoke']);
    expect(rows[0]?.after).toMatchObject({ clientId: made.client.clientId, scopes: ['orders', 'stock'] });
    expect(rows[1]?.after).toMatchObject({ webhookUrl: 'https://wms.example.com/hook' });
    expect(rows[2]?.after).toMatchObject({ revokedAt: expect.any(String) });
    expect(rows.every((r) => typeof r.staffUserId === 'number')).toBe(true);
    const [secret] = await queryRows<{ secret: string | null }>(
      t.db,
      sql`SELECT webhook_secret AS secret FROM integration_clients WHERE client_id = ${made.client.id}`,
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(made.clientSecret);
    expect(text).not.toMatch(/sec_|whsec_/);
    if (secret?.secret) expect(text).not.toContain(secret.secret);
    // a refused change is not recorded
    const again = await post(`/admin/integration/clients/${made.client.id}/revoke`);
    expect(again.body.response.status).not.toBe(0);
    expect(await auditOf(made.client.id)).toHaveLength(3);
  });
});
