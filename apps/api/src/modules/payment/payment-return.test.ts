import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '@spesa/shared/contracts/notifications';
import { queryRows } from '../../db/rows';
import {
  buy,
  checkoutCustomer,
  driveSlot,
  payOnHostedPage,
  preparedCart,
  testProduct,
} from '../../../test/checkout-fixtures';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { startSmtpServer } from '../../../test/stand-ins/smtp';
import { MAIL_DELIVER_JOB, MAIL_DELIVERY_KEY_PREFIX } from '../mail/mail.service';
import { SANDBOX_TEST_CARDS } from './sandbox.provider';

/**
 * The signed return applies a card's success with the order's confirmation (its message and its mail) in one
 * transaction; the confirmation's writes run without a savepoint of their own (decision 059, session 49), and a
 * failing one still never undoes the payment (decision 018): the return applies it again with them guarded.
 */
const NOW = new Date('2027-03-01T07:00:00Z');
const DAY = '2027-03-03';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW, env: { PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1 } });
  await driveSlot(t.db, DAY, 100_000);
});
afterAll(async () => {
  await t?.close();
});

/** An order paid by card on the sandbox's page: where the return sent the browser, and what it wrote. */
async function paidByCard() {
  const c = await checkoutCustomer(t);
  const p = await testProduct(t.db, { stock: 50 });
  const slot = await driveSlot(t.db, DAY, 100_000);
  const prep = await preparedCart(t, c.token, { slot, items: [{ productId: p.productId, quantity: 1 }] });
  expect(prep.body.response.status).toBe(0);
  const bought = await buy(t, c.token, { payment_type_id: 12 });
  const { orderId, paymentUrl } = bought.body.data;
  const { completed } = await payOnHostedPage(t, paymentUrl ?? '', SANDBOX_TEST_CARDS.success);
  const [row] = await queryRows<{
    status: number;
    auth: string;
    history: string;
    events: number;
    messages: number;
    mails: number;
  }>(
    t.db,
    sql`SELECT o.order_status_id::int AS status,
          (SELECT a.status FROM payment_authorizations a WHERE a.order_id = o.order_id) AS auth,
          (SELECT string_agg(COALESCE(h.from_status_id::text, '-') || '>' || h.to_status_id, ',' ORDER BY h.history_id)
             FROM order_status_history h WHERE h.order_id = o.order_id) AS history,
          (SELECT count(*)::int FROM payment_events e JOIN payment_authorizations a USING (authorization_id)
             WHERE a.order_id = o.order_id) AS events,
          (SELECT count(*)::int FROM notifications n WHERE n.order_id = o.order_id
             AND n.message_type_id = ${NOTIFICATION_TYPE.orderConfirmed}) AS messages,
          (SELECT count(*)::int FROM mail_outbox m WHERE m.template = 'order-confirmation'
             AND m.subject = ${`Conferma ordine n. ${orderId}`}) AS mails
        FROM orders o WHERE o.order_id = ${orderId}`,
  );
  return { orderId, completed, ...row };
}

describe('the payment return', () => {
  it("applies the card's success with the confirmation's message and mail", async () => {
    const paid = await paidByCard();
    expect(paid.completed).toBe(`/checkout/completed/success?order_id=${paid.orderId}`);
    expect(paid).toMatchObject({
      status: 3,
      auth: 'authorized',
      history: '->1,1>3',
      events: 1,
      messages: 1,
      mails: 1,
    });
  });

  it('a confirmation mail that fails undoes neither the payment nor the message', async () => {
    // the outbox refuses the confirmation (a database error inside the return's transaction)
    await t.db.execute(
      sql`ALTER TABLE mail_outbox ADD CONSTRAINT test_no_confirmation CHECK (template <> 'order-confirmation') NOT VALID`,
    );
    try {
      const paid = await paidByCard();
      expect(paid.completed).toBe(`/checkout/completed/success?order_id=${paid.orderId}`);
      expect(paid).toMatchObject({
        status: 3,
        auth: 'authorized',
        history: '->1,1>3',
        events: 1,
        messages: 1,
        mails: 0,
      });
    } finally {
      await t.db.execute(sql`ALTER TABLE mail_outbox DROP CONSTRAINT test_no_confirmation`);
    }
  });

  it("with SMTP, the confirmation's delivery job is written with it, and the mail leaves once that job runs", async () => {
    const smtp = await startSmtpServer();
    const main = t;
    // the app's queue does not poll: the test runs its due jobs
    t = await buildTestApp({
      now: () => NOW,
      runJobs: false,
      env: {
        PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: -1,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Spesa <noreply@example.com>',
      },
    });
    try {
      const paid = await paidByCard();
      expect(paid).toMatchObject({ status: 3, auth: 'authorized', messages: 1, mails: 1 });
      const [mail] = await queryRows<{ mailId: number; to: string; jobs: number; sent: boolean }>(
        t.db,
        sql`SELECT m.mail_id::int AS "mailId", m.to_address AS to, m.sent_at IS NOT NULL AS sent,
              (SELECT count(*)::int FROM scheduled_jobs j WHERE j.kind = ${MAIL_DELIVER_JOB}
                 AND j.singleton_key = ${MAIL_DELIVERY_KEY_PREFIX} || m.mail_id
                 AND (j.payload->>'mailId')::int = m.mail_id AND j.done_at IS NULL) AS jobs
            FROM mail_outbox m WHERE m.subject = ${`Conferma ordine n. ${paid.orderId}`}`,
      );
      expect(mail).toMatchObject({ jobs: 1, sent: false });
      expect(smtp.sentTo(mail!.to)).toHaveLength(0);
      await t.app.jobs.runDue();
      expect(smtp.sentTo(mail!.to)).toHaveLength(1);
      expect(smtp.sentTo(mail!.to)[0]?.raw).toContain(`Message-ID: <mail-${mail!.mailId}@example.com>`);
    } finally {
      await t.close();
      t = main;
      await smtp.close();
    }
  });
});
