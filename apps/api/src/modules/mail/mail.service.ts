import { and, desc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { renderMail, type MailTemplate } from './mail.templates';

export interface OutboxMail {
  mailId: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  template: string;
  createdAt: Date;
  sentAt: Date | null;
  transport: string;
  error: string | null;
}

/**
 * Sends the shop's e-mails. Every mail is written to the outbox table first; with SMTP_URL it is then
 * sent through nodemailer and marked sent (a failed send is recorded, never thrown at the customer:
 * the account operation already happened and the customer can ask again). Without SMTP_URL the outbox
 * is the mailbox a developer reads at /dev/mailbox.
 */
export class MailService {
  private readonly transporter: Transporter | null;

  constructor(
    private readonly db: Db,
    opts: { smtpUrl?: string | undefined; from: string },
  ) {
    this.transporter = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from }) : null;
  }

  /** `db`: a transaction handle when the mail belongs to a larger write (it commits with it). */
  async send(to: string, mail: MailTemplate, db: Db = this.db): Promise<number> {
    const rendered = renderMail(mail);
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: to,
        subject: rendered.subject,
        textBody: rendered.text,
        htmlBody: rendered.html,
        template: mail.template,
        transport: this.transporter ? 'smtp' : 'outbox',
      })
      .returning({ mailId: mailOutbox.mailId });
    const mailId = row?.mailId ?? 0;
    if (this.transporter) {
      try {
        await this.transporter.sendMail({
          to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        });
        await db
          .update(mailOutbox)
          .set({ sentAt: sql`now()` })
          .where(eq(mailOutbox.mailId, mailId));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db
          .update(mailOutbox)
          .set({ error: message.slice(0, 500) })
          .where(eq(mailOutbox.mailId, mailId));
      }
    }
    return mailId;
  }

  /** Newest first; optionally only the mails to one address (case-insensitive). */
  async list(opts: { to?: string | undefined; limit?: number } = {}): Promise<OutboxMail[]> {
    const where = opts.to ? sql`lower(${mailOutbox.toAddress}) = lower(${opts.to})` : undefined;
    return this.db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.mailId))
      .limit(opts.limit ?? 50);
  }

  async get(mailId: number): Promise<OutboxMail | null> {
    const [row] = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.mailId, mailId)))
      .limit(1);
    return row ?? null;
  }
}
