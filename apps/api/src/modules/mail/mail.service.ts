import type { ShopEvents } from '../../lib/shop-events';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { PreparedSql } from '../../db/rows';
import type { ComposedWrite } from '../../lib/composed-write';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/jobs';
import { mailAttachments, mailOutbox } from '../../db/schema';
import { renderMail, type MailTemplate } from './mail.templates';

/** A file a mail carries: in the shop's file store (decision 090), kept by the module that sends the mail. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  /** its key in the file store */
  fileKey: string;
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

/** The columns of an outbox row a mail's write sets (`outboxInsertSql`). */
type OutboxColumn = 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'template' | 'transport';

/**
 * A mail's outbox row, written when `when` holds, its values given as SQL (placeholders for `send`'s prepared
 * statement, parameters for `sendSql`'s CTE); it answers the mail's id as "mailId".
 */
function outboxInsertSql(v: (column: OutboxColumn) => SQL, when: SQL): SQL {
  return sql`INSERT INTO mail_outbox (to_address, subject, text_body, html_body, template, transport)
    SELECT ${v('toAddress')}::text, ${v('subject')}::text, ${v('textBody')}::text, ${v('htmlBody')}::text,
      ${v('template')}::text, ${v('transport')}::text
    WHERE ${when}
    RETURNING mail_id AS "mailId"`;
}

/** The job that hands one outbox mail to the SMTP server (payload `{ mailId }`). */
export const MAIL_DELIVER_JOB = 'mail.deliver';
/**
 * The attempts of a `mail.deliver` job: with the queue's waits (2, 4, 8… s, then every 10 minutes) about three
 * days, so that an SMTP relay down for hours (a night, a weekend's maintenance) delays the order's mails instead
 * of losing them, as a mail server keeps a message queued for days (decision 101).
 */
export const MAIL_DELIVERY_ATTEMPTS = 441;

/**
 * Sends the shop's e-mails. Every mail is written to the outbox table first, in the caller's transaction when
 * it gives one. With SMTP_URL the same write queues a `mail.deliver` job (decision 101): the mail goes to the
 * SMTP server only once the write has committed, outside any transaction (a slow or unreachable server never
 * holds an order's locks, and a write that rolls back sends nothing); a failed send is recorded on the mail and
 * retried by the job queue, never thrown at the customer. Without SMTP_URL the outbox is the mailbox a developer
 * reads at /dev/mailbox.
 */
export class MailService {
  /** A mail queued in the outbox (`send`): its text built once, prepared by name, on the pool or a transaction. */
  readonly #queue = new PreparedSql<{ mailId: number }>('mail_outbox_queue', () =>
    outboxInsertSql((name) => sql`${sql.placeholder(name)}`, sql`true`),
  );
  /** SMTP's transporter: nodemailer is loaded on the first mail sent through it, not at every start */
  private readonly transporter: (() => Promise<Transporter>) | null;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      smtpUrl?: string | undefined;
      from: string;
      /** a demonstration shop: the order mails say nothing is paid or delivered (decision 084) */
      demoShop?: boolean;
      /** where the attachments' files are (needed to send mails with attachments through SMTP) */
      files?: FileStore;
      /** told of each mail written to the outbox, and of each the SMTP server refused (the metrics) */
      events?: ShopEvents;
      /** the queue that delivers the mails through SMTP after their write commits (needed with `smtpUrl`) */
      jobs?: JobQueue;
    },
  ) {
    const { smtpUrl } = opts;
    if (smtpUrl && !opts.jobs) throw new Error('mail: sending through SMTP needs the job queue');
    let made: Promise<Transporter> | undefined;
    this.transporter = smtpUrl
      ? () =>
          (made ??= import('nodemailer').then(({ default: nodemailer }) =>
            nodemailer.createTransport(smtpUrl, { from: opts.from }),
          ))
      : null;
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
    const [row] = await this.#queue.rows(db, this.#outboxRow(to, mail));
    const mailId = row?.mailId ?? 0;
    this.opts.events?.emit({ kind: 'mail.queued' });
    if (attachments.length > 0)
      await db.insert(mailAttachments).values(attachments.map((a) => ({ ...a, mailId })));
    if (this.transporter) await this.queueDelivery(mailId, db);
    return mailId;
  }

  /**
   * `send` (without attachments) as CTEs of the caller's statement (decision 059, session 52): the mail rendered
   * now, its outbox row and, with SMTP, its `mail.deliver` job written by the caller's statement when its
   * condition holds. For a mail that belongs to a larger write already made of one statement (the payment's
   * return), so that it adds no round trip.
   */
  sendSql(to: string, mail: MailTemplate): ComposedWrite {
    const values = this.#outboxRow(to, mail);
    const jobs = this.transporter ? this.opts.jobs : undefined;
    return {
      ctes: (name, when) => {
        const row = sql.raw(name);
        const mailCte = sql`${row} AS (${outboxInsertSql((key) => sql`${values[key]}`, when)})`;
        if (!jobs) return mailCte;
        const job = jobs.enqueueSql(MAIL_DELIVER_JOB, {
          from: row,
          payload: sql`json_build_object('mailId', ${row}."mailId")`,
          singletonKey: sql`${MAIL_DELIVERY_KEY_PREFIX}::text || ${row}."mailId"`,
        });
        return sql`${mailCte}, ${sql.raw(`${name}_job`)} AS (${job})`;
      },
      written: () => this.opts.events?.emit({ kind: 'mail.queued' }),
    };
  }

  /** A mail's outbox row: rendered now, for the SMTP server or the development outbox. */
  #outboxRow(to: string, mail: MailTemplate): Record<OutboxColumn, string> {
    const rendered = renderMail(mail, { demoShop: this.opts.demoShop ?? false });
    return {
      toAddress: to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      template: mail.template,
      transport: this.transporter ? 'smtp' : 'outbox',
    };
  }

  /** Mails go through an SMTP server (SMTP_URL), not to the development outbox. */
  get viaSmtp(): boolean {
    return this.transporter !== null;
  }

  /**
   * Writes the `mail.deliver` job of a mail (at most one waiting per mail: its singleton key). In the caller's
   * transaction the job exists only if the transaction commits, and the next poll runs it; on the pool it is run
   * at once.
   */
  async queueDelivery(mailId: number, db: Db = this.db): Promise<void> {
    await this.opts.jobs?.enqueue(
      MAIL_DELIVER_JOB,
      { mailId },
      { singletonKey: deliveryKeyOf(mailId), ...(db === this.db ? {} : { db }) },
    );
  }

  /**
   * The `mail.deliver` job: sends an outbox mail through SMTP and marks it sent. A mail already sent is left
   * alone (the job is delivered at least once); a refused or failed send records its error on the mail and
   * throws, so the queue retries it later (2, 4, 8… seconds, then gives up and the error stays on the mail).
   * The mail's Message-ID is derived from its id, so a mail sent twice (a crash between the send and its
   * mark) is one message to the receiving servers and clients that de-duplicate by it.
   */
  async deliver(mailId: number): Promise<void> {
    if (!this.transporter) return;
    const mail = await this.get(mailId);
    if (!mail || mail.sentAt) return;
    try {
      await (
        await this.transporter()
      ).sendMail({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        messageId: `<mail-${mailId}@${messageIdDomain(this.opts.from)}>`,
        attachments: await this.#filesOf(await this.attachmentsOf(mailId)),
      });
    } catch (err) {
      this.opts.events?.emit({ kind: 'mail.failed' });
      const message = err instanceof Error ? err.message : String(err);
      await this.db
        .update(mailOutbox)
        .set({ error: message.slice(0, 500) })
        .where(eq(mailOutbox.mailId, mailId));
      throw err;
    }
    await this.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, error: null })
      .where(eq(mailOutbox.mailId, mailId));
  }

  /** The files as nodemailer streams them. */
  async #filesOf(attachments: readonly MailAttachment[]) {
    if (attachments.length === 0) return [];
    const files = this.opts.files;
    if (!files) throw new Error('mail: attachments need the file store');
    return Promise.all(
      attachments.map(async (a) => {
        const opened = await files.open(a.fileKey);
        if (!opened) throw new Error(`mail: the attachment ${a.fileKey} is not in the file store`);
        return { filename: a.fileName, content: opened.stream, contentType: a.contentType };
      }),
    );
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
        fileKey: mailAttachments.fileKey,
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

/** The singleton key of a mail's `mail.deliver` job: the prefix and the mail's id. */
export const MAIL_DELIVERY_KEY_PREFIX = 'mail:';
export const deliveryKeyOf = (mailId: number): string => `${MAIL_DELIVERY_KEY_PREFIX}${mailId}`;

/** The domain of the sender's address (`Spesa <noreply@spesa.it>` → spesa.it), for the mails' Message-IDs. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'spesa.invalid';
}
