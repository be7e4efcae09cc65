import type { AdminMail } from '@spesa/shared/contracts/admin-mails';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, uniqueEmail, type TestApp } from '../../../test/helper';
import { makeStaff } from '../../../test/order-fixtures';
import { startSmtpServer, type LocalSmtpServer } from '../../../test/stand-ins/smtp';
import { queryRows } from '../../db/rows';
import { JobQueue } from '../../lib/jobs';
import { MAIL_TEXT } from './mail.messages';
import { MAIL_DELIVER_JOB, MailService } from './mail.service';

/**
 * "E-mail non recapitate" (decision 101, session 51): a mail the SMTP server never took is listed with its
 * error (never its body), and customer service sends it again once: a new delivery job, the send reaching the
 * server once, the request audited; every other case is refused with an Italian message and changes nothing.
 */
const API = '/ebsn/api';
const FROM = 'Spesa <noreply@example.com>';
let smtp: LocalSmtpServer;
let smtpUrl = '';
let t: TestApp;
let service: string;
let supervisor: string;
let picker: string;
let customer: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpUrl = smtp.url;
  // the app's queue does not poll: the test runs its due jobs
  t = await buildTestApp({ runJobs: false, env: { SMTP_URL: smtpUrl, MAIL_FROM: FROM } });
  service = await makeStaff(
    t,
    (await newCustomer(t, { tag: 'mails-service' })).userId,
    [],
    'customer_service',
  );
  supervisor = await makeStaff(t, (await newCustomer(t, { tag: 'mails-super' })).userId, [], 'supervisor');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'mails-picker' })).userId, [13], 'picker');
  customer = (await newCustomer(t, { tag: 'mails-customer' })).token;
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

const st = <T>(token: string | null, method: 'GET' | 'POST', path: string) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(method === 'POST' ? { payload: {} } : {}),
  });
const sentTo = (to: string) => smtp.sentTo(to);
const deliverJobs = async (mailId: number) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM scheduled_jobs WHERE singleton_key = ${`mail:${mailId}`}`,
    )
  )[0]?.n ?? 0;
const audited = async (mailId: number) =>
  queryRows<{ staffName: string; action: string; before: { error: string | null } }>(
    t.db,
    sql`SELECT staff_name AS "staffName", action, before FROM admin_audit
         WHERE resource = 'mails' AND resource_id = ${String(mailId)} ORDER BY audit_id`,
  );

/**
 * A mail written while the relay was down, whose delivery job has given up (one attempt here, about three
 * days in the shop): unsent, with the connection's error, and no job waiting.
 */
async function lostMail(to: string): Promise<number> {
  const jobs = new JobQueue(t.db, { maxAttempts: 1 });
  const down = new MailService(t.db, { smtpUrl: 'smtp://127.0.0.1:1', from: FROM, jobs });
  jobs.register(MAIL_DELIVER_JOB, (payload) => down.deliver((payload as { mailId: number }).mailId));
  const id = await down.send(to, {
    template: 'password-reset',
    firstName: 'Mario',
    link: 'https://spesa.example.it/reset?token=SEGRETO-DEL-LINK',
    minutes: 60,
  });
  await jobs.runDue();
  return id;
}

describe('the list of mails', () => {
  it('shows an unsent mail with its error and no body, newest first, filtered by address', async () => {
    const to = uniqueEmail('lost.list');
    const id = await lostMail(to);
    const res = await st<{ data: AdminMail[]; total: number }>(
      service,
      'GET',
      `/admin/mails?to=${encodeURIComponent(to.toUpperCase())}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.total).toBe(1);
    const [row] = res.body.data.data;
    expect(row).toMatchObject({
      id,
      to,
      subject: 'Reimposta la tua password',
      template: 'password-reset',
      state: 'unsent',
      sentAt: null,
      queued: false,
      attempts: null,
      nextTryAt: null,
    });
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // the bodies (a reset link, a code) never reach the list
    expect(JSON.stringify(res.body)).not.toContain('SEGRETO-DEL-LINK');
    expect(Object.keys(row ?? {})).not.toContain('textBody');
    expect(Object.keys(row ?? {})).not.toContain('htmlBody');

    // the default state is "unsent": the newest first
    const newer = await lostMail(uniqueEmail('lost.newer'));
    const all = await st<{ data: AdminMail[] }>(service, 'GET', '/admin/mails?perPage=2');
    expect(all.body.data.data.map((m) => m.id)).toEqual([newer, id]);
    // a supervisor reads it too
    expect((await st(supervisor, 'GET', '/admin/mails')).body.response.status).toBe(0);
  });

  it('refuses a state it does not know, in Italian, without a server error', async () => {
    for (const q of ['state=perse', 'state=', `to=${'x'.repeat(300)}`, 'page=0']) {
      const res = await st(service, 'GET', `/admin/mails?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body.response.status, q).not.toBe(0);
      expect(res.body.response.errorsMessage.join(' '), q).toMatch(/[a-zà-ù]{3,}/);
    }
    const bad = await st(service, 'GET', '/admin/mails?state=perse');
    expect(bad.body.response.errorsMessage).toContain(
      'Stato non valido: scegli tra non recapitate, in attesa e inviate.',
    );
  });
});

describe('sending a mail again', () => {
  it('queues one job that delivers it once to the SMTP server and marks it sent, audited', async () => {
    const to = uniqueEmail('lost.resend');
    const id = await lostMail(to);
    expect(await deliverJobs(id)).toBe(1);
    expect(sentTo(to)).toHaveLength(0);

    const res = await st<{ data: AdminMail }>(service, 'POST', `/admin/mails/${id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.body.response.status).toBe(0);
    expect(res.body.response.infosMessage[0]).toBe(
      `E-mail a ${to} rimessa in coda: parte entro pochi secondi.`,
    );
    // a reset link may have expired meanwhile: the operator is told
    expect(res.body.response.infosMessage[1]).toMatch(/potrebbe essere scaduto/);
    // the mail is kept as it was (its error too) until the new job sends it
    expect(res.body.data.data).toMatchObject({ id, state: 'unsent', queued: true, attempts: 0 });
    expect(res.body.data.data.error).toBeTruthy();
    expect(await deliverJobs(id)).toBe(2);

    // a second request while the job waits: refused, nothing more queued
    const twice = await st(service, 'POST', `/admin/mails/${id}/resend`);
    expect(twice.body.response.status).not.toBe(0);
    expect(twice.body.response.errors[0]?.code).toBe(MAIL_TEXT.alreadyQueued.code);
    expect(twice.body.response.errorsMessage).toEqual([MAIL_TEXT.alreadyQueued.text]);
    expect(await deliverJobs(id)).toBe(2);

    await t.app.jobs.runDue();
    expect(sentTo(to)).toHaveLength(1);
    expect(sentTo(to)[0]?.raw).toContain(`Message-ID: <mail-${id}@example.com>`);
    const sent = await st<{ data: AdminMail[] }>(
      service,
      'GET',
      `/admin/mails?state=sent&to=${encodeURIComponent(to)}`,
    );
    expect(sent.body.data.data[0]).toMatchObject({ id, state: 'sent', error: null, queued: false });
    expect(sent.body.data.data[0]?.sentAt).toBeTruthy();

    // once sent: refused, nothing queued, nothing sent again
    const after = await st(service, 'POST', `/admin/mails/${id}/resend`);
    expect(after.body.response.errors[0]?.code).toBe(MAIL_TEXT.alreadySent.code);
    expect(after.body.response.errorsMessage).toEqual([MAIL_TEXT.alreadySent.text]);
    expect(await deliverJobs(id)).toBe(2);
    await t.app.jobs.runDue();
    expect(sentTo(to)).toHaveLength(1);

    // who asked, and the error the mail had, in the audit log: once (the refusals wrote nothing)
    const trail = await audited(id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'resend', staffName: 'Test Cliente' });
    expect(trail[0]?.before.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('refuses a mail still waiting for its first delivery (no double send)', async () => {
    const jobs = new JobQueue(t.db);
    const waiting = new MailService(t.db, { smtpUrl, from: FROM, jobs });
    const to = uniqueEmail('waiting');
    const id = await waiting.send(to, { template: 'password-changed', firstName: 'Anna' });
    const listed = await st<{ data: AdminMail[] }>(
      service,
      'GET',
      `/admin/mails?state=waiting&to=${encodeURIComponent(to)}`,
    );
    expect(listed.body.data.data[0]).toMatchObject({ id, state: 'waiting', queued: true, error: null });
    const res = await st(service, 'POST', `/admin/mails/${id}/resend`);
    expect(res.body.response.errors[0]?.code).toBe(MAIL_TEXT.alreadyQueued.code);
    expect(await deliverJobs(id)).toBe(1);
    await t.app.jobs.runDue();
    expect(sentTo(to)).toHaveLength(1);
  });

  it('two resends of one mail at the same moment queue one job and send it once', async () => {
    const to = uniqueEmail('lost.race');
    const id = await lostMail(to);
    const both = await Promise.all([
      st(service, 'POST', `/admin/mails/${id}/resend`),
      st(service, 'POST', `/admin/mails/${id}/resend`),
    ]);
    expect(both.map((r) => r.statusCode).every((code) => code < 500)).toBe(true);
    expect(both.filter((r) => r.body.response.status === 0)).toHaveLength(1);
    expect(both.flatMap((r) => r.body.response.errors.map((e) => e.code))).toEqual([
      MAIL_TEXT.alreadyQueued.code,
    ]);
    // the first delivery's job (given up) and one new one
    expect(await deliverJobs(id)).toBe(2);
    await t.app.jobs.runDue();
    expect(sentTo(to)).toHaveLength(1);
    expect(await audited(id)).toHaveLength(1);
  });

  it('refuses a development outbox mail, an unknown mail and bad ids, in Italian, changing nothing', async () => {
    const outbox = new MailService(t.db, { from: FROM });
    const id = await outbox.send(uniqueEmail('outbox'), { template: 'password-changed', firstName: 'Ugo' });
    const dev = await st(service, 'POST', `/admin/mails/${id}/resend`);
    expect(dev.body.response.errors[0]?.code).toBe(MAIL_TEXT.outbox.code);
    expect(await deliverJobs(id)).toBe(0);

    const unknown = await st(service, 'POST', '/admin/mails/2147483647/resend');
    expect(unknown.statusCode).toBeLessThan(500);
    expect(unknown.body.response.errors[0]?.code).toBe(MAIL_TEXT.notFound.code);
    expect(unknown.body.response.errorsMessage).toEqual(['E-mail non trovata.']);

    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', encodeURIComponent("1' or '1'='1")]) {
      const res = await st(service, 'POST', `/admin/mails/${bad}/resend`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body.response.errorsMessage, bad).toEqual(['Indica un’e-mail valida.']);
    }
    expect(await audited(id)).toHaveLength(0);
  });

  it('refuses anonymous callers, customers, a picker and a supervisor (who only reads)', async () => {
    const id = await lostMail(uniqueEmail('lost.refused'));
    for (const [token, via] of [
      [null, 'staff'],
      [customer, 'cookie'],
    ] as const) {
      for (const [method, path] of [
        ['GET', '/admin/mails'],
        ['POST', `/admin/mails/${id}/resend`],
      ] as const) {
        const res = await callAs(t.app, token, method, `${API}${path}`, {
          via,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.body.response.errors[0]?.code).toBe('msg.admin.signInRequired');
      }
    }
    expect((await st(picker, 'GET', '/admin/mails')).statusCode).toBe(403);
    expect((await st(picker, 'POST', `/admin/mails/${id}/resend`)).statusCode).toBe(403);
    const read = await st(supervisor, 'POST', `/admin/mails/${id}/resend`);
    expect(read.statusCode).toBe(403);
    expect(read.body.response.errors[0]?.code).toBe('msg.admin.notAllowed');
    expect(await deliverJobs(id)).toBe(1);
  });
});

describe('without an SMTP server', () => {
  it('refuses every resend, saying the sending is not configured', async () => {
    const bare = await buildTestApp({ runJobs: false });
    try {
      const token = await makeStaff(
        bare,
        (await newCustomer(bare, { tag: 'mails-bare' })).userId,
        [],
        'customer_service',
      );
      const res = await callAs(bare.app, token, 'POST', `${API}/admin/mails/1/resend`, {
        via: 'staff',
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.response.errors[0]?.code).toBe(MAIL_TEXT.noSmtp.code);
      expect(res.body.response.errorsMessage[0]).toMatch(/non è configurato/);
    } finally {
      await bare.close();
    }
  });
});
