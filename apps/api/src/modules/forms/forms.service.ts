import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AdminSubmission, AdminSubmissionDetail } from '@spesa/shared/contracts/admin-forms';
import {
  MY_TICKETS_LIMIT,
  type AdminAjaxAnswer,
  type MailPars,
  type MyTicket,
  type UploadedFile,
} from '@spesa/shared/contracts/forms';
import {
  formFieldSchema,
  formSettingsSchema,
  formValuesSchema,
  inputFields,
  MAX_FORM_DATA_CHARS,
  ORDERS_LIST_COUNT,
  UPLOAD_TYPES,
  uploadTypesOf,
  type FormField,
  type FormSettings,
} from '@spesa/shared/forms/form-fields';
import type { VoucherMode } from '@spesa/shared/contracts/receipts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import type { MailAttachment } from '../mail/mail.service';
import type { FormFiles } from './form-files';
import { formFileKey, safeFileName, withoutFormatCharacters } from './form-files';
import { FORMS_TEXT } from './forms.messages';
import type { AdminSubmissionRow, FormDefinitionRow, FormsRepository, NonceRow } from './forms.repository';

/** The scheduled job deleting submissions and files after their retention period (daily). */
export const FORMS_RETENTION_JOB = 'forms.retention';
export const FORMS_RETENTION_EVERY_MS = 24 * 60 * 60_000;
/** how long a submission and its files are kept (decision 051) */
export const FORM_RETENTION_DAYS = 180;
/** how long a form view's nonce is accepted */
export const NONCE_TTL_MS = 2 * 60 * 60_000;
/** uploads one view may store */
export const MAX_UPLOADS_PER_NONCE = 10;
const DAY_MS = 24 * 60 * 60_000;
const BATCH = 200;

/** What the forms need of the customer (the account module). */
export interface FormCustomerPort {
  profileOf(userId: number): Promise<Record<string, string> | null>;
}
/** The customer's last orders for `$ordersList` options (the orders module). */
export interface FormOrdersPort {
  recentOrders(userId: number, count: number): Promise<{ value: string; label: string }[]>;
}
/** The card data update's voucher mode step (the receipts module owns the setting). */
export interface FormVoucherModePort {
  setVoucherMode(userId: number, mode: VoucherMode): Promise<void>;
}
/** The mail to the chain, written in the submission's transaction. */
export interface FormMailPort {
  send(
    to: string,
    mail: {
      formTitle: string;
      ticket: string;
      ticketType: number;
      sender: string;
      answers: { label: string; value: string }[];
      files: string[];
    },
    attachments: MailAttachment[],
    db: Db,
  ): Promise<number>;
}

export interface FormsDeps {
  customers: FormCustomerPort;
  orders: FormOrdersPort;
  voucherMode: FormVoucherModePort;
  mail: FormMailPort;
  now: () => Date;
}

/** the card data update form: its voucher mode and card number fields (seeded, decision 051) */
export const CARD_UPDATE_KEYS = { card: 'card_number', voucherMode: 'voucher_mode' } as const;

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

const formDataSchema = z.object({
  form_id: z.coerce.number().int().min(1),
  fields: z.array(z.object({ id: z.number().int(), value: z.unknown() })).max(200),
});

/**
 * The content system's forms (issue 23, decision 051): a form served with its nonce and the customer's data,
 * files stored while they stream in, a submission checked with the same rules as the web renderer, stored as a
 * ticket and mailed to the chain with its files in one transaction; the daily retention job.
 */
export class FormsService {
  constructor(
    private readonly db: Db,
    private readonly repo: FormsRepository,
    private readonly files: FormFiles,
    private readonly deps: FormsDeps,
  ) {}

  private async form(formId: number, userId: number | null) {
    const row = await this.repo.definition(formId);
    if (!row) return failWith(FORMS_TEXT.notFound, 'notFound');
    const settings = formSettingsSchema.parse(row.settings);
    if (settings.logged_in && userId === null) return failWith(FORMS_TEXT.loginRequired);
    const fields = z.array(formFieldSchema).parse(row.fields);
    return ok({ row, settings, fields: await this.resolve(fields, userId) });
  }

  /** `$` defaults from the customer's data and `$ordersList` options from their last orders. */
  private async resolve(fields: FormField[], userId: number | null): Promise<FormField[]> {
    const needsProfile = fields.some((f) => f.default.startsWith('$'));
    const needsOrders = fields.some((f) => f.options.some((o) => o.value.startsWith('$ordersList')));
    const [profile, orders] = await Promise.all([
      needsProfile && userId !== null ? this.deps.customers.profileOf(userId) : null,
      needsOrders && userId !== null ? this.deps.orders.recentOrders(userId, ORDERS_LIST_COUNT) : [],
    ]);
    return fields.map((f) => ({
      ...f,
      default: f.default.startsWith('$') ? (profile?.[f.default.slice(1)] ?? '') : f.default,
      options: f.options.flatMap((o) => (o.value.startsWith('$ordersList') ? orders : [o])),
    }));
  }

  /** GET get_mail_pars: the form with a fresh nonce for this view. */
  async mailPars(formId: number, userId: number | null): Promise<Result<MailPars>> {
    const form = await this.form(formId, userId);
    if (!form.ok) return form;
    const nonce = randomBytes(32).toString('base64url');
    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
    await this.repo.insertNonce({ nonceHash: hashOf(nonce), formId, userId, issuedAt: now, expiresAt });
    return ok({
      form_id: formId,
      nonce,
      nonce_expires: expiresAt.toISOString(),
      settings: form.data.settings,
      fields: form.data.fields,
    });
  }

  /** A nonce this caller may use for this form now (else why not). */
  private async liveNonce(nonce: string, formId: number, userId: number | null): Promise<Result<NonceRow>> {
    const row = nonce.length > 0 && nonce.length <= 100 ? await this.repo.nonceByHash(hashOf(nonce)) : null;
    if (!row || row.formId !== formId || row.userId !== userId) return failWith(FORMS_TEXT.nonceInvalid);
    if (row.usedAt) return failWith(FORMS_TEXT.nonceUsed);
    if (row.expiresAt.getTime() <= this.deps.now().getTime()) return failWith(FORMS_TEXT.nonceExpired);
    return ok(row);
  }

  /** nf_fu_upload, before the file is read: the field that takes it. */
  async uploadTarget(
    formId: number,
    fieldId: number,
    nonce: string,
    userId: number | null,
  ): Promise<Result<{ nonce: NonceRow; field: FormField; mimes: Set<string> }>> {
    const form = await this.form(formId, userId);
    if (!form.ok) return form;
    const live = await this.liveNonce(nonce, formId, userId);
    if (!live.ok) return live;
    const field = form.data.fields.find((f) => f.id === fieldId);
    if (!field || field.type !== 'file_upload') return failWith(FORMS_TEXT.fieldNotUpload);
    if ((await this.repo.uploadsOfNonce(live.data.nonceId)) >= MAX_UPLOADS_PER_NONCE)
      return failWith(FORMS_TEXT.tooManyFiles);
    const mimes = new Set<string>(uploadTypesOf(field).map((t) => UPLOAD_TYPES[t]));
    return ok({ nonce: live.data, field, mimes });
  }

  /** nf_fu_upload: stores one file of a checked target (refused: nothing kept). */
  async upload(
    target: { nonce: NonceRow; field: FormField; mimes: Set<string> },
    fileName: string,
    stream: Readable,
  ): Promise<Result<UploadedFile>> {
    const name = safeFileName(fileName);
    if (!name) {
      stream.resume();
      return failWith(FORMS_TEXT.fileName);
    }
    const stored = await this.files.store(stream, target.mimes);
    if (!stored.ok)
      return failWith(stored.reason === 'tooLarge' ? FORMS_TEXT.fileTooLarge : FORMS_TEXT.fileType);
    const token = randomBytes(16).toString('hex');
    try {
      await this.repo.insertUpload({
        token,
        nonceId: target.nonce.nonceId,
        formId: target.nonce.formId,
        fieldId: target.field.id,
        originalName: name,
        storedName: stored.storedName,
        contentType: stored.contentType,
        sizeBytes: stored.sizeBytes,
        createdAt: this.deps.now(),
      });
    } catch (err) {
      await this.files.remove(stored.storedName);
      throw err;
    }
    return ok({ token, name, size: stored.sizeBytes });
  }

  /** nf_ajax_submit: checks, then stores the ticket and its mail in one transaction, spending the nonce. */
  async submit(
    nonce: string,
    formDataText: string,
    userId: number | null,
  ): Promise<Result<NonNullable<AdminAjaxAnswer['submission']>>> {
    if (formDataText.length > MAX_FORM_DATA_CHARS) return failWith(FORMS_TEXT.tooLong);
    let json: unknown;
    try {
      json = JSON.parse(formDataText);
    } catch {
      return failWith(FORMS_TEXT.invalid);
    }
    const data = formDataSchema.safeParse(json);
    if (!data.success) return failWith(FORMS_TEXT.invalid);
    const form = await this.form(data.data.form_id, userId);
    if (!form.ok) return form;
    const live = await this.liveNonce(nonce, data.data.form_id, userId);
    if (!live.ok) return live;
    const { row, settings, fields } = form.data;

    const byId = new Map(inputFields(fields).map((f) => [f.id, f]));
    const values: Record<string, unknown> = {};
    for (const { id, value } of data.data.fields) {
      const f = byId.get(id);
      if (!f) return failWith(FORMS_TEXT.invalid);
      // a field the customer cannot change keeps the value the shop served
      values[f.key] = f.disable_input ? f.default : value;
    }
    for (const f of byId.values())
      if (!(f.key in values))
        values[f.key] = f.type === 'checkbox' ? false : f.type === 'file_upload' ? [] : '';
    const today = romeNow(this.deps.now()).date;
    const checked = formValuesSchema(fields, today).safeParse(values);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return {
        ok: false,
        code: FORMS_TEXT.invalid.code,
        message: issue ? `${FORMS_TEXT.invalid.text}: ${issue.message}` : FORMS_TEXT.invalid.text,
        kind: 'validation',
        ...(issue?.path[0] !== undefined ? { field: String(issue.path[0]) } : {}),
      };
    }
    const answersByKey = checked.data as Record<string, string | boolean | string[]>;
    const cardCheck = await this.cardUpdateCheck(settings, answersByKey, userId);
    if (!cardCheck.ok) return cardCheck;

    const tokens = inputFields(fields)
      .filter((f) => f.type === 'file_upload')
      .flatMap((f) => (answersByKey[f.key] as string[]).map((token) => ({ token, fieldId: f.id })));
    const now = this.deps.now();
    const outcome = await this.db.transaction(async (tx) => {
      const uploads = await this.repo.openUploads(
        live.data.nonceId,
        tokens.map((t) => t.token),
        tx,
      );
      if (
        uploads.length !== new Set(tokens.map((t) => t.token)).size ||
        tokens.some((t) => uploads.find((u) => u.token === t.token)?.fieldId !== t.fieldId)
      )
        return failWith(FORMS_TEXT.fileUnknown);
      if (!(await this.repo.spendNonce(live.data.nonceId, now, tx))) return failWith(FORMS_TEXT.nonceUsed);
      const answers = inputFields(fields)
        .filter((f) => f.type !== 'hidden' || answersByKey[f.key] !== '')
        .map((f) => ({ key: f.key, label: f.label, value: displayValue(f, answersByKey[f.key], uploads) }));
      const submissionId = await this.repo.insertSubmission(
        {
          formId: row.formId,
          userId,
          ticketType: settings.ticket_type,
          answers,
          createdAt: now,
          deleteAfter: new Date(now.getTime() + FORM_RETENTION_DAYS * DAY_MS),
        },
        tx,
      );
      await this.repo.attachUploads(
        submissionId,
        uploads.map((u) => u.uploadId),
        tx,
      );
      const ticket = ticketOf(settings.ticket_type, submissionId);
      const mailId = await this.deps.mail.send(
        row.recipient,
        {
          formTitle: settings.title,
          ticket,
          ticketType: settings.ticket_type,
          sender: userId === null ? 'un visitatore non registrato' : `il cliente n. ${userId}`,
          answers: answers.map(({ label, value }) => ({ label, value })),
          files: uploads.map((u) => u.originalName),
        },
        uploads.map((u) => ({
          fileName: u.originalName,
          contentType: u.contentType,
          fileKey: formFileKey(u.storedName),
          sizeBytes: u.sizeBytes,
        })),
        tx,
      );
      await this.repo.setMail(submissionId, mailId, tx);
      return ok({ ticket, ticket_type: settings.ticket_type, success_msg: settings.success_msg });
    });
    if (outcome.ok && cardCheck.data && userId !== null)
      await this.deps.voucherMode.setVoucherMode(userId, cardCheck.data);
    return outcome;
  }

  /** The card data update (a form with a voucher mode field): the card must be the customer's own. */
  private async cardUpdateCheck(
    settings: FormSettings,
    answers: Record<string, unknown>,
    userId: number | null,
  ): Promise<Result<VoucherMode | null>> {
    const mode = answers[CARD_UPDATE_KEYS.voucherMode];
    if (mode !== 'paper' && mode !== 'digital') return ok(null);
    if (userId === null || !settings.logged_in) return failWith(FORMS_TEXT.loginRequired);
    const profile = await this.deps.customers.profileOf(userId);
    if (!profile?.cardNumber) return failWith(FORMS_TEXT.noCard);
    if (String(answers[CARD_UPDATE_KEYS.card] ?? '').replace(/\s/g, '') !== profile.cardNumber)
      return failWith(FORMS_TEXT.cardNotYours);
    return ok(mode);
  }

  /** The daily job: deletes submissions past their retention period and files never sent, with their files. */
  async deleteExpired(dropMailAttachments: (mailIds: number[], db: Db) => Promise<void>): Promise<number> {
    const now = this.deps.now();
    let deleted = 0;
    for (;;) {
      const { subs, files } = await this.repo.expiredSubmissions(now, BATCH);
      if (subs.length === 0) break;
      await this.db.transaction(async (tx) => {
        await dropMailAttachments(
          subs.flatMap((s) => (s.mailId === null ? [] : [s.mailId])),
          tx,
        );
        await this.repo.deleteSubmissions(
          subs.map((s) => s.submissionId),
          tx,
        );
      });
      for (const f of files) await this.files.remove(f);
      deleted += subs.length;
      if (subs.length < BATCH) break;
    }
    const dead = new Date(now.getTime() - NONCE_TTL_MS - DAY_MS);
    for (;;) {
      const abandoned = await this.repo.abandonedUploads(dead, BATCH);
      if (abandoned.length === 0) break;
      await this.repo.deleteUploads(abandoned.map((a) => a.uploadId));
      for (const a of abandoned) await this.files.remove(a.storedName);
      if (abandoned.length < BATCH) break;
    }
    await this.repo.deleteDeadNonces(dead);
    return deleted;
  }

  /** The customer's own tickets, newest first (the help page's "Le tue richieste"; decision 070). */
  async myTickets(userId: number): Promise<Result<{ tickets: MyTicket[] }>> {
    const rows = await this.repo.customerSubmissions(userId, MY_TICKETS_LIMIT);
    return ok({
      tickets: rows.map((r) => ({
        ticket: ticketOf(r.ticketType, r.id),
        ticket_type: r.ticketType,
        form_title: r.formTitle,
        created_at: r.createdAt,
      })),
    });
  }

  // ---------- the back office (decision 051; read only) ----------
  async adminList(
    formId: number | undefined,
    page: number,
    perPage: number,
  ): Promise<Result<{ data: AdminSubmission[]; total: number }>> {
    const { rows, total } = await this.repo.adminSubmissions(formId, (page - 1) * perPage, perPage);
    return ok({ data: rows.map(toAdminSubmission), total });
  }

  async adminOne(submissionId: number): Promise<Result<{ data: AdminSubmissionDetail }>> {
    const row = await this.repo.adminSubmission(submissionId);
    if (!row) return failWith(FORMS_TEXT.submissionNotFound, 'notFound');
    return ok({
      data: {
        ...toAdminSubmission(row),
        answers: row.answers,
        // names kept before format characters were stripped on upload are shown without them too
        attachments: row.attachments.map(({ storedName: _stored, ...file }) => ({
          ...file,
          name: withoutFormatCharacters(file.name),
        })),
      },
    });
  }

  /** A file of a submission for the back office: its bytes as a stream, its name and type; null: none. */
  async adminFile(
    submissionId: number,
    uploadId: number,
  ): Promise<{ stream: Readable; name: string; contentType: string } | null> {
    const row = await this.repo.adminSubmission(submissionId);
    const file = row?.attachments.find((a) => a.uploadId === uploadId);
    const opened = file ? await this.files.open(file.storedName) : null;
    return file && opened
      ? { stream: opened.stream, name: withoutFormatCharacters(file.name), contentType: file.contentType }
      : null;
  }
}

const toAdminSubmission = (r: AdminSubmissionRow): AdminSubmission => ({
  id: r.id,
  ticket: ticketOf(r.ticketType, r.id),
  formId: r.formId,
  formTitle: r.formTitle,
  userId: r.userId,
  files: r.files,
  createdAt: r.createdAt,
  deleteAfter: r.deleteAfter,
});

export const ticketOf = (ticketType: number, submissionId: number) =>
  `T${ticketType}-${String(submissionId).padStart(6, '0')}`;

/** An answer as the chain reads it (text as typed; the mail template escapes it). */
function displayValue(
  f: FormField,
  value: string | boolean | string[] | undefined,
  uploads: readonly { token: string; originalName: string }[],
): string {
  if (f.type === 'checkbox') return value === true ? 'sì' : 'no';
  if (f.type === 'file_upload')
    return (value as string[]).map((t) => uploads.find((u) => u.token === t)?.originalName ?? '').join(', ');
  if (f.type === 'listselect' || f.type === 'listradio')
    return f.options.find((o) => o.value === value)?.label ?? String(value ?? '');
  return String(value ?? '');
}

export type { FormDefinitionRow };
