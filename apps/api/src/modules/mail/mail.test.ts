import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, registrationBody, withField } from '../../../test/account-fixtures';
import { buildTestApp, uniqueEmail, type TestApp } from '../../../test/helper';
import { testProduct } from '../../../test/checkout-fixtures';
import { newCustomer } from '../../../test/customers';
import { placeOrder } from '../../../test/order-fixtures';
import { startSmtpServer, type LocalSmtpServer } from '../../../test/stand-ins/smtp';
import { scheduledJobs } from '../../db/schema';
import { isDemoShop, isDevMailboxOn, loadEnv } from '../../env';
import { JobQueue, retryDelayMs } from '../../lib/jobs';
import { MAIL_DELIVER_JOB, MAIL_DELIVERY_ATTEMPTS, MailService } from './mail.service';
import { DEMO_SHOP_MAIL_NOTICE, renderMail, type MailTemplate } from './mail.templates';

/**
 * The shop's e-mails (Italian subject, text and HTML with every value escaped) and the development
 * mailbox at /dev/mailbox, where a developer reads them without an SMTP server.
 */
const HOSTILE_NAME = '<script>alert("x")</script> & Ugo';
const HOSTILE_LINK = 'https://spesa.example.it/a?b=1&c="><img src=x onerror=alert(1)>';

describe('mail templates', () => {
  const cases: Array<[MailTemplate, string, RegExp]> = [
    [
      { template: 'registration-confirm', firstName: HOSTILE_NAME, link: HOSTILE_LINK },
      'Conferma la tua registrazione a Spesa online',
      /Per attivare il tuo account apri questo link/,
    ],
    [
      { template: 'password-reset', firstName: HOSTILE_NAME, link: HOSTILE_LINK, minutes: 60 },
      'Reimposta la tua password',
      /entro 60 minuti/,
    ],
    [
      { template: 'mfa-pin', firstName: HOSTILE_NAME, pin: '012345', minutes: 10 },
      'Il tuo codice PIN di accesso',
      /il tuo codice PIN per accedere è: 012345\nVale 10 minuti/,
    ],
    [
      {
        template: 'email-change',
        firstName: HOSTILE_NAME,
        link: HOSTILE_LINK,
        newEmail: 'a"<b>@example.com',
      },
      'Conferma il tuo nuovo indirizzo e-mail',
      /per usare a"<b>@example.com come indirizzo/,
    ],
    [
      {
        template: 'anonymize-token',
        firstName: HOSTILE_NAME,
        token: 'ABCD2345',
        link: HOSTILE_LINK,
        minutes: 30,
      },
      'Richiesta di cancellazione del tuo account',
      /Il codice di conferma è: ABCD2345/,
    ],
    [
      {
        template: 'invite-voucher',
        firstName: HOSTILE_NAME,
        percent: 10,
        code: 'BUONO-ABCD2345',
        validTo: '31/03/2027',
        link: HOSTILE_LINK,
      },
      'Il tuo amico ha fatto la spesa: ecco il tuo buono del 10%',
      /buono del 10% sulla spesa \(spese di consegna escluse\), valido fino al 31\/03\/2027\.\nCodice del buono: BUONO-ABCD2345/,
    ],
    [
      { template: 'password-changed', firstName: HOSTILE_NAME },
      'La tua password è stata cambiata',
      /gli altri dispositivi sono stati disconnessi/,
    ],
  ];

  it.each(cases)('%o', (mail, subject, textPattern) => {
    const out = renderMail(mail);
    expect(out.subject).toBe(subject);
    // plain text: the values as they are, greeting first
    expect(out.text.startsWith(`Ciao ${HOSTILE_NAME},\n\n`)).toBe(true);
    expect(out.text).toMatch(textPattern);
    if ('link' in mail) expect(out.text).toContain(mail.link);
    // HTML: Italian page, subject as title and heading, every value escaped
    expect(out.html).toMatch(/^<!doctype html><html lang="it">/);
    expect(out.html).toContain(`<title>${subject}</title>`);
    expect(out.html).toContain('Ciao &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Ugo,');
    expect(out.html).not.toContain('<script');
    expect(out.html).not.toContain('<img');
    expect(out.html).not.toContain('<b>@');
    if ('link' in mail)
      expect(out.html).toContain(
        'href="https://spesa.example.it/a?b=1&amp;c=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"',
      );
  });

  // the customer may be a woman or a man: the mails address them with neutral forms ("grazie per la
  // registrazione", not "grazie per esserti registrato")
  it.each(cases)('addresses the customer without a gendered form: %o', (mail) => {
    const out = renderMail(mail);
    const gendered = /\b(registrat[oa]|sei stat[oa]|benvenut[oa]|iscritt[oa])\b/i;
    expect(out.text).not.toMatch(gendered);
    expect(out.html).not.toMatch(gendered);
  });

  it('greets without a name when there is none', () => {
    const out = renderMail({ template: 'password-changed', firstName: '' });
    expect(out.text.startsWith('Ciao,\n')).toBe(true);
    expect(out.html).toContain('>Ciao,</p>');
  });

  it('puts the PIN and the deletion code in the HTML too', () => {
    expect(
      renderMail({ template: 'mfa-pin', firstName: 'Mario', pin: '987654', minutes: 10 }).html,
    ).toContain('987654');
    const anonymize = renderMail({
      template: 'anonymize-token',
      firstName: 'Mario',
      token: 'QWER5678',
      link: 'https://spesa.example.it/profile/delete-account?token=QWER5678',
      minutes: 30,
    });
    expect(anonymize.html).toContain('<strong>QWER5678</strong>');
    expect(anonymize.html).toContain('Il codice vale 30 minuti.');
  });
});

describe('development mailbox', () => {
  let t: TestApp;
  let email: string;
  let mailId: number;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DEV_MAILBOX: 'true' } });
    email = uniqueEmail('casella');
    // a foreign customer with a name full of markup: no tax code needed, the name reaches the mail
    const body = withField(
      withField(
        withField(registrationBody(email), 'person.firstName', '<b>Ugo</b>'),
        'person.italianCitizen',
        false,
      ),
      'person.fiscalCode',
      '',
    );
    expect((await register(t.app, body)).body.response.status).toBe(0);
    const [mail] = await new MailService(t.db, { from: 'test' }).list({ to: email, limit: 1 });
    mailId = mail?.mailId ?? 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the mails, newest first, filtered by address, as an HTML page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="it">');
    expect(res.body).toContain(`<h1>Casella di posta di sviluppo per ${email.toUpperCase()}</h1>`);
    expect(res.body).toContain(
      `<a href="/dev/mailbox/${mailId}">Conferma la tua registrazione a Spesa online</a>`,
    );
    expect(res.body).toContain(`<td>${email}</td>`);

    const all = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('<h1>Casella di posta di sviluppo</h1>');

    const nobody = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${uniqueEmail('nessuno')}` });
    expect(nobody.body).toContain('<p>Nessuna e-mail.</p>');
  });

  it('escapes the address filter it echoes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent('<script>alert(1)</script>')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows one mail with its link, the values still escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${mailId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Conferma la tua registrazione a Spesa online</title>');
    expect(res.body).toContain(`<dd>${email}</dd>`);
    expect(res.body).toContain('<a href="/dev/mailbox">&larr; Tutte le e-mail</a>');
    expect(res.body).toMatch(
      /href="http[^"]+\/ebsn\/api\/registration\/registration_confirm\?e_mail=[^"]+&amp;reg_control_code=[A-Za-z0-9_-]{43}"/,
    );
    expect(res.body).toContain('Ciao &lt;b&gt;Ugo&lt;/b&gt;,');
    expect(res.body).not.toContain('<b>Ugo</b>');
    // one document: the mail's own html/head/body are not nested inside the page
    expect(res.body.match(/<body/g)).toHaveLength(1);
  });

  it('answers 404 for an unknown mail and 400 for a bad id, as plain text', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/dev/mailbox/2147483647' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('E-mail non trovata.');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', encodeURIComponent("1' or '1'='1")]) {
      const bad = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
      expect(bad.statusCode, id).toBe(400);
      expect(bad.headers['content-type']).toMatch(/^text\/plain/);
      expect(bad.body).toBe('La richiesta non è valida.');
    }
    const longTo = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${'x'.repeat(300)}` });
    expect(longTo.statusCode).toBe(400);
  });
});

describe('mailbox switch', () => {
  it('DEV_MAILBOX=false hides the mailbox (404)', async () => {
    const t = await buildTestApp({ env: { DEV_MAILBOX: 'false' } });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/1'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('is on by default outside production, never in production', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'on',
      PAYMENT_SANDBOX_SECRET: 'x'.repeat(32),
      DEMO_SHOP: 'on',
      STAFF_TOTP_KEY: 'k'.repeat(32),
    };
    expect(isDevMailboxOn(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(isDevMailboxOn(loadEnv({ NODE_ENV: 'test' }))).toBe(true);
    expect(isDevMailboxOn(loadEnv(production))).toBe(false);
    expect(() => loadEnv({ ...production, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(isDevMailboxOn(loadEnv({ NODE_ENV: 'development', DEV_MAILBOX: 'false' }))).toBe(false);
  });

  it('answers only clients on this machine: another address is told nothing is there', async () => {
    const t = await buildTestApp();
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/1']) {
        const far = await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.5' });
        expect(far.statusCode, url).toBe(404);
        expect(far.body).toBe('Not found');
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
        expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress })).statusCode).toBe(
          200,
        );
    } finally {
      await t.close();
    }
    // behind a trusted proxy on this machine, the client is the forwarded address: refused
    const proxied = await buildTestApp({ env: { TRUST_PROXY_HOPS: 1 } });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('sending through SMTP (decision 101: after the write commits, by the job queue)', () => {
  let smtp: LocalSmtpServer;
  let smtpUrl = '';
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    smtp = await startSmtpServer();
    smtpUrl = smtp.url;
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  /** A mail service on SMTP with its own queue (not polling: the test runs the due jobs). */
  const onSmtp = (url: string) => {
    const jobs = new JobQueue(t.db, { maxAttempts: 2 });
    const mail = new MailService(t.db, { smtpUrl: url, from: 'Spesa <noreply@example.com>', jobs });
    jobs.register(MAIL_DELIVER_JOB, (payload) => mail.deliver((payload as { mailId: number }).mailId));
    return { jobs, mail };
  };
  const sentTo = (to: string) => smtp.sentTo(to);

  it('sends a mail of the pool through the server once, marked sent, with a Message-ID of its id', async () => {
    const { jobs, mail } = onSmtp(smtpUrl);
    const to = uniqueEmail('smtp.ok');
    const id = await mail.send(to, { template: 'password-changed', firstName: 'Mario' });
    await jobs.runDue();
    expect(sentTo(to)).toHaveLength(1);
    expect(sentTo(to)[0]?.raw).toContain(`Message-ID: <mail-${id}@example.com>`);
    expect(await mail.get(id)).toMatchObject({ transport: 'smtp', error: null });
    expect((await mail.get(id))?.sentAt).toBeInstanceOf(Date);
    // the job delivered again (at least once): the mail already sent is not sent twice
    await mail.deliver(id);
    expect(sentTo(to)).toHaveLength(1);
  });

  it("sends nothing while the writer's transaction is open, and nothing at all when it rolls back", async () => {
    const { jobs, mail } = onSmtp(smtpUrl);
    const kept = uniqueEmail('smtp.kept');
    const undone = uniqueEmail('smtp.undone');
    await t.db.transaction(async (tx) => {
      await mail.send(kept, { template: 'password-changed', firstName: 'Anna' }, [], tx);
      expect(sentTo(kept)).toHaveLength(0);
    });
    await expect(
      t.db.transaction(async (tx) => {
        await mail.send(undone, { template: 'password-changed', firstName: 'Ugo' }, [], tx);
        throw new Error('annullata');
      }),
    ).rejects.toThrow('annullata');
    expect(smtp.received.filter((m) => m.to.includes(kept) || m.to.includes(undone))).toHaveLength(0);
    await jobs.runDue();
    expect(sentTo(kept)).toHaveLength(1);
    expect(sentTo(undone)).toHaveLength(0);
    expect(await mail.list({ to: undone })).toHaveLength(0);
  });

  it('keeps the mail with the error when the server cannot be reached, without throwing, and retries it', async () => {
    const { jobs, mail } = onSmtp('smtp://127.0.0.1:1');
    const to = uniqueEmail('smtp.giu');
    const id = await mail.send(to, { template: 'password-changed', firstName: 'Mario' });
    expect(id).toBeGreaterThan(0);
    await jobs.runDue();
    const stored = await mail.get(id);
    expect(stored).toMatchObject({
      toAddress: to,
      subject: 'La tua password è stata cambiata',
      template: 'password-changed',
      transport: 'smtp',
      sentAt: null,
    });
    expect(stored?.error).toBeTruthy();
    const [job] = await t.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.singletonKey, `mail:${id}`));
    // retried later (2 s), not given up after one failure
    expect(job).toMatchObject({ doneAt: null, attempts: 1 });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("retries a mail for about three days of a server's outage before leaving it with its error", () => {
    let waitedMs = 0;
    for (let attempt = 1; attempt < MAIL_DELIVERY_ATTEMPTS; attempt++) waitedMs += retryDelayMs(attempt);
    const days = waitedMs / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(3);
    expect(days).toBeLessThan(3.1);
  });

  it('needs the job queue to send through SMTP', () => {
    expect(() => new MailService(t.db, { smtpUrl, from: 'Spesa <noreply@example.com>' })).toThrow(
      /job queue/,
    );
  });
});

/** A demonstration shop's e-mails promise no real delivery (decision 084). */
describe("a demonstration shop's mails", () => {
  const confirmation: MailTemplate = {
    template: 'order-confirmation',
    firstName: 'Anna',
    orderId: 42,
    slot: 'mercoledì 3 marzo 2027, 10:00-12:00',
    where: 'Ritiro: Spesa Drive Como',
    total: '30,00 €',
    held: '32,50 €',
    wallet: null,
    vouchers: null,
    paymentType: 'Carta di credito',
    lines: 3,
    link: 'https://spesa.example.it/o/42',
  };
  const status: MailTemplate = {
    template: 'order-status',
    kind: 'outForDelivery',
    firstName: 'Anna',
    orderId: 42,
    amount: null,
    captured: false,
    link: 'https://spesa.example.it/o/42',
  };
  const giftCards: MailTemplate = {
    template: 'gift-card-order',
    kind: 'received',
    firstName: 'Anna',
    requestNumber: 'GC-1',
    companyName: 'Ditta',
    lines: ['10 x 50 €'],
    goods: '500,00 €',
    discount: null,
    invoice: '500,00 €',
    infoBy: 'entro domani',
    deliveryDay: 'giovedì 4 marzo 2027',
    note: null,
  };

  it.each([confirmation, status, giftCards])(
    '%o says, under the greeting, that it is a demonstration',
    (mail) => {
      const out = renderMail(mail, { demoShop: true });
      expect(out.text.startsWith(`Ciao Anna,\n\n${DEMO_SHOP_MAIL_NOTICE}\n\n`)).toBe(true);
      expect(DEMO_SHOP_MAIL_NOTICE).toMatch(
        /dimostrazione\. Nessun pagamento è reale e nulla verrà consegnato\.$/,
      );
      expect(out.html).toMatch(
        />Ciao Anna,<\/p>\s*<p role="note"[^>]*>Negozio dimostrativo: questa e-mail fa parte/,
      );
      // a real shop's mail says nothing of the kind
      const real = renderMail(mail);
      expect(real.text).not.toContain('dimostra');
      expect(real.html).not.toContain('dimostra');
    },
  );

  it('leaves the account mails as they are', () => {
    const out = renderMail({ template: 'password-changed', firstName: 'Anna' }, { demoShop: true });
    expect(out.text).not.toContain(DEMO_SHOP_MAIL_NOTICE);
    expect(out.html).not.toContain('Negozio dimostrativo');
  });

  it('the order confirmation a demo shop sends says so; a shop with DEMO_SHOP=off does not', async () => {
    for (const [demo, expected] of [
      ['on', true],
      ['off', false],
    ] as const) {
      const t = await buildTestApp({ env: { DEMO_SHOP: demo } });
      try {
        expect(isDemoShop(t.env)).toBe(expected);
        const c = await newCustomer(t, { tag: 'demo-mail' });
        const p = await testProduct(t.db, { stock: 10 });
        await placeOrder(t, {
          userId: c.userId,
          lines: [{ product: { ...p, name: 'Prova' }, quantity: 1 }],
          announce: true,
        });
        const [sent] = await new MailService(t.db, { from: 'test' }).list({ to: c.email, limit: 1 });
        expect(sent?.template).toBe('order-confirmation');
        expect(sent?.textBody.includes(DEMO_SHOP_MAIL_NOTICE)).toBe(expected);
        expect(sent?.htmlBody.includes('Negozio dimostrativo')).toBe(expected);
      } finally {
        await t.close();
      }
    }
  });

  it('a shop outside production is a demonstration by default (the sandbox takes the online payments)', () => {
    expect(isDemoShop(loadEnv({}))).toBe(true);
  });
});
