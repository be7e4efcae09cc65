import type { AdminMail, AdminMailListQuery, MailState } from '@spesa/shared/contracts/admin-mails';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { wireTimestamp } from '../../db/wire-time';
import type { JobQueue } from '../../lib/jobs';
import type { AuditPort } from '../../lib/module';
import { Abort, failWith, ok, type Result } from '../../lib/result';
import { MAIL_INFO_TEXT, MAIL_TEXT } from './mail.messages';
import { deliveryKeyOf, MAIL_DELIVERY_KEY_PREFIX, type MailService } from './mail.service';
import type { MailTemplate } from './mail.templates';

/** The mails whose link or code lasts minutes or days: a resend days later may carry an expired one. */
const EXPIRING_TEMPLATES: ReadonlySet<MailTemplate['template']> = new Set([
  'registration-confirm',
  'password-reset',
  'mfa-pin',
  'email-change',
  'anonymize-token',
]);

/** Which SMTP mails each state of the list holds (mail_outbox's own columns). */
const STATE_WHERE: Record<MailState, SQL> = {
  unsent: sql`m.sent_at IS NULL AND m.error IS NOT NULL`,
  waiting: sql`m.sent_at IS NULL AND m.error IS NULL`,
  sent: sql`m.sent_at IS NOT NULL`,
};

interface MailRow {
  id: number;
  to: string;
  subject: string;
  template: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  attempts: number | null;
  nextTryAt: string | null;
}

const stateOf = (row: Pick<MailRow, 'sentAt' | 'error'>): MailState =>
  row.sentAt ? 'sent' : row.error ? 'unsent' : 'waiting';
const wireOf = (row: MailRow): AdminMail => ({
  ...row,
  state: stateOf(row),
  queued: row.attempts !== null,
});

/**
 * "E-mail non recapitate" (decision 101, session 51): the SMTP mails by state, newest first, with the delivery
 * job still waiting for each (its attempts and next try), and the operator's resend: a new `mail.deliver` job,
 * the mail's row and its error left as they are, the request in the audit log.
 */
export class MailAdmin {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly audit: AuditPort,
  ) {}

  async list(q: AdminMailListQuery): Promise<Result<{ data: AdminMail[]; total: number }>> {
    const where = sql`m.transport = 'smtp' AND ${STATE_WHERE[q.state]}${
      q.to ? sql` AND lower(m.to_address) = lower(${q.to})` : sql``
    }`;
    const rows = await this.#rows(where, sql`LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM mail_outbox m WHERE ${where}`,
    );
    return ok({ data: rows.map(wireOf), total: count?.n ?? 0 });
  }

  /**
   * Queues a mail the SMTP server did not take once more. Refused, changing nothing, when SMTP is not
   * configured, the mail does not exist or went to the development outbox, it was sent already, or a delivery
   * job for it is still waiting (no mail sent twice). The mail's row is locked meanwhile, so that two staff
   * members asking at once queue one job.
   */
  async resend(
    staff: { userId: number; name: string },
    mailId: number,
  ): Promise<Result<{ data: AdminMail }>> {
    if (!this.mail.viaSmtp) return failWith(MAIL_TEXT.noSmtp);
    try {
      const before = await this.db.transaction(async (tx) => {
        const [mail] = await queryRows<{
          to: string;
          template: string;
          transport: string;
          sentAt: Date | null;
          error: string | null;
        }>(
          tx,
          sql`SELECT to_address AS "to", template, transport, sent_at AS "sentAt", error
                FROM mail_outbox WHERE mail_id = ${mailId} FOR UPDATE`,
        );
        if (!mail) throw new Abort(failWith(MAIL_TEXT.notFound, 'notFound'));
        if (mail.transport !== 'smtp') throw new Abort(failWith(MAIL_TEXT.outbox));
        if (mail.sentAt) throw new Abort(failWith(MAIL_TEXT.alreadySent));
        if (await this.jobs.pending(deliveryKeyOf(mailId), tx))
          throw new Abort(failWith(MAIL_TEXT.alreadyQueued));
        await this.mail.queueDelivery(mailId, tx);
        await this.audit(
          {
            staff,
            action: 'resend',
            resource: 'mails',
            id: mailId,
            before: { to: mail.to, template: mail.template, error: mail.error },
            after: { queued: true },
          },
          tx,
        );
        return mail;
      });
      this.jobs.kick();
      const [row] = await this.#rows(sql`m.mail_id = ${mailId}`, sql``);
      if (!row) return failWith(MAIL_TEXT.notFound, 'notFound');
      const infos = [MAIL_INFO_TEXT.queued(before.to)];
      if (EXPIRING_TEMPLATES.has(before.template as MailTemplate['template']))
        infos.push(MAIL_INFO_TEXT.mayHaveExpired);
      return ok({ data: wireOf(row) }, infos);
    } catch (err) {
      if (err instanceof Abort) return err.failure;
      throw err;
    }
  }

  /** The mails `where` selects, newest first, with the delivery job waiting for each (by its singleton key). */
  async #rows(where: SQL, page: SQL): Promise<MailRow[]> {
    return queryRows<MailRow>(
      this.db,
      sql`SELECT m.mail_id AS id, m.to_address AS "to", m.subject, m.template,
                 ${wireTimestamp('m.created_at', 'milliseconds')} AS "createdAt",
                 ${wireTimestamp('m.sent_at', 'milliseconds')} AS "sentAt",
                 m.error, j.attempts,
                 ${wireTimestamp('j.run_at', 'milliseconds')} AS "nextTryAt"
            FROM mail_outbox m
            LEFT JOIN scheduled_jobs j
              ON j.singleton_key = ${MAIL_DELIVERY_KEY_PREFIX}::text || m.mail_id::text AND j.done_at IS NULL
           WHERE ${where}
           ORDER BY m.mail_id DESC ${page}`,
    );
  }
}
