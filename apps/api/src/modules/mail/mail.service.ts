import type { ShopEvents } from '../../lib/shop-events';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailAttachments, mailOutbox } from '../../db/schema';
import { renderMail, type MailTemplate } from './mail.templates';

/** A file a mail carries: on disk, outside the web root, kept by the module that sends the mail. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  filePath: string;
  sizeBytes: number;
}

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
    private readonly opts: {
      smtpUrl?: string | undefined;
      from: string;
      /** a demonstration shop: the order mails say nothing is paid or delivered (decision 084) */
      demoShop?: boolean;
      /** told of each mail written to the outbox, and of each the SMTP server refused (the metrics) */
      events?: ShopEvents;
    },
  ) {
    this.transporter = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from }) : null;
  }

  /**
   * `db`: a transaction handle when the mail belongs to a larger write (it commits with it).
   * `attachments`: files sent with it (SMTP) and listed in the development mailbox.
   */
  async send(
    to: string,
    mail: MailTemplate,
    attachments: readonly MailAttachment[] = [],
    db: Db = this.db,
  ): Promise<number> {
    const rendered = renderMail(mail, { demoShop: this.opts.demoShop ?? false });
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
    this.opts.events?.emit({ kind: 'mail.queued' });
    if (attachments.length > 0)
      await db.insert(mailAttachments).values(attachments.map((a) => ({ ...a, mailId })));
    if (this.transporter) {
      try {
        await this.transporter.sendMail({
          to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachments: attachments.map((a) => ({
            filename: a.fileName,
            path: a.filePath,
            contentType: a.contentType,
          })),
        });
        await db
          .update(mailOutbox)
          .set({ sentAt: sql`now()` })
          .where(eq(mailOutbox.mailId, mailId));
      } catch (err) {
        this.opts.events?.emit({ kind: 'mail.failed' });
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

  /** The files of a mail (the development mailbox lists their names). */
  async attachmentsOf(mailId: number): Promise<MailAttachment[]> {
    return this.db
      .select({
        fileName: mailAttachments.fileName,
        contentType: mailAttachments.contentType,
        filePath: mailAttachments.filePath,
        sizeBytes: mailAttachments.sizeBytes,
      })
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, mailId))
      .orderBy(mailAttachments.attachmentId);
  }

  /** Forgets the files of these mails (their owner deleted them at the end of their retention period). */
  async dropAttachments(mailIds: readonly number[], db: Db): Promise<void> {
    if (mailIds.length === 0) return;
    await db.delete(mailAttachments).where(inArray(mailAttachments.mailId, [...mailIds]));
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
