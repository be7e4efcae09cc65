import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { formDefinitions, formNonces, formSubmissions, formUploads } from '../../db/schema';
import { wireTimestamp } from '../../db/wire-time';

export type FormDefinitionRow = typeof formDefinitions.$inferSelect;
export type NonceRow = typeof formNonces.$inferSelect;
export type UploadRow = typeof formUploads.$inferSelect;

/** The forms module's SQL (decision 051): definitions, nonces, uploads and submissions. */
export class FormsRepository {
  constructor(private readonly db: Db) {}

  /** Writes the shop's form definitions (seed, every start): a changed definition replaces the stored one. */
  async saveDefinitions(defs: readonly (typeof formDefinitions.$inferInsert)[]): Promise<void> {
    for (const d of defs)
      await this.db
        .insert(formDefinitions)
        .values(d)
        .onConflictDoUpdate({
          target: formDefinitions.formId,
          set: {
            slug: d.slug,
            settings: d.settings,
            fields: d.fields,
            recipient: d.recipient,
            updatedAt: sql`now()`,
          },
        });
  }

  async definition(formId: number): Promise<FormDefinitionRow | null> {
    const [row] = await this.db
      .select()
      .from(formDefinitions)
      .where(and(eq(formDefinitions.formId, formId), eq(formDefinitions.active, true)));
    return row ?? null;
  }

  async insertNonce(values: typeof formNonces.$inferInsert): Promise<void> {
    await this.db.insert(formNonces).values(values);
  }

  async nonceByHash(nonceHash: string, db: Db = this.db): Promise<NonceRow | null> {
    const [row] = await db.select().from(formNonces).where(eq(formNonces.nonceHash, nonceHash));
    return row ?? null;
  }

  /** Spends a nonce once: only the first caller of a live, unused nonce gets its id back. */
  async spendNonce(nonceId: number, now: Date, db: Db): Promise<boolean> {
    const rows = await db
      .update(formNonces)
      .set({ usedAt: now })
      .where(
        and(
          eq(formNonces.nonceId, nonceId),
          isNull(formNonces.usedAt),
          sql`${formNonces.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ nonceId: formNonces.nonceId });
    return rows.length === 1;
  }

  async uploadsOfNonce(nonceId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(formUploads)
      .where(eq(formUploads.nonceId, nonceId));
    return row?.n ?? 0;
  }

  async insertUpload(values: typeof formUploads.$inferInsert): Promise<void> {
    await this.db.insert(formUploads).values(values);
  }

  /** The uploads of a nonce named by these tokens, not yet part of a submission. */
  async openUploads(nonceId: number, tokens: readonly string[], db: Db): Promise<UploadRow[]> {
    if (tokens.length === 0) return [];
    return db
      .select()
      .from(formUploads)
      .where(
        and(
          eq(formUploads.nonceId, nonceId),
          inArray(formUploads.token, [...tokens]),
          isNull(formUploads.submissionId),
        ),
      );
  }

  async insertSubmission(values: typeof formSubmissions.$inferInsert, db: Db): Promise<number> {
    const [row] = await db
      .insert(formSubmissions)
      .values(values)
      .returning({ submissionId: formSubmissions.submissionId });
    if (!row) throw new Error('insertSubmission: no row');
    return row.submissionId;
  }

  async attachUploads(submissionId: number, uploadIds: readonly number[], db: Db): Promise<void> {
    if (uploadIds.length === 0) return;
    await db
      .update(formUploads)
      .set({ submissionId })
      .where(and(inArray(formUploads.uploadId, [...uploadIds]), isNull(formUploads.submissionId)));
  }

  async setMail(submissionId: number, mailId: number, db: Db): Promise<void> {
    await db.update(formSubmissions).set({ mailId }).where(eq(formSubmissions.submissionId, submissionId));
  }

  /** The submissions whose retention period ended, with their files (a batch). */
  async expiredSubmissions(now: Date, limit: number) {
    const subs = await this.db
      .select({ submissionId: formSubmissions.submissionId, mailId: formSubmissions.mailId })
      .from(formSubmissions)
      .where(lt(formSubmissions.deleteAfter, now))
      .limit(limit);
    const files =
      subs.length === 0
        ? []
        : await this.db
            .select({ storedName: formUploads.storedName })
            .from(formUploads)
            .where(
              inArray(
                formUploads.submissionId,
                subs.map((s) => s.submissionId),
              ),
            );
    return { subs, files: files.map((f) => f.storedName) };
  }

  async deleteSubmissions(submissionIds: readonly number[], db: Db): Promise<void> {
    if (submissionIds.length === 0) return;
    await db.delete(formUploads).where(inArray(formUploads.submissionId, [...submissionIds]));
    await db.delete(formSubmissions).where(inArray(formSubmissions.submissionId, [...submissionIds]));
  }

  /** Files uploaded for a view that was never sent, once their nonce is long dead. */
  async abandonedUploads(before: Date, limit: number): Promise<{ uploadId: number; storedName: string }[]> {
    return this.db
      .select({ uploadId: formUploads.uploadId, storedName: formUploads.storedName })
      .from(formUploads)
      .where(and(isNull(formUploads.submissionId), lt(formUploads.createdAt, before)))
      .limit(limit);
  }

  async deleteUploads(uploadIds: readonly number[]): Promise<void> {
    if (uploadIds.length === 0) return;
    await this.db.delete(formUploads).where(inArray(formUploads.uploadId, [...uploadIds]));
  }

  /** Nonces expired before `before` with no upload left. */
  async deleteDeadNonces(before: Date): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM form_nonces n WHERE n.expires_at < ${before.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM form_uploads u WHERE u.nonce_id = n.nonce_id)`);
  }

  /** A customer's own submissions, newest first, with their form's title. */
  async customerSubmissions(userId: number, limit: number) {
    return queryRows<{ id: number; ticketType: number; formTitle: string; createdAt: string }>(
      this.db,
      sql`SELECT s.submission_id AS id, s.ticket_type AS "ticketType", d.settings->>'title' AS "formTitle",
            ${wireTimestamp('s.created_at', 'milliseconds')} AS "createdAt"
          FROM form_submissions s JOIN form_definitions d ON d.form_id = s.form_id
          WHERE s.user_id = ${userId}
          ORDER BY s.created_at DESC, s.submission_id DESC LIMIT ${limit}`,
    );
  }

  // ---------- the back office (read only) ----------
  /** Submissions newest first, with their form's title and how many files they carry. */
  async adminSubmissions(formId: number | undefined, offset: number, limit: number) {
    const where = formId === undefined ? sql`true` : sql`s.form_id = ${formId}`;
    const rows = await queryRows<AdminSubmissionRow>(
      this.db,
      sql`SELECT ${ADMIN_SUBMISSION_COLUMNS}
          FROM form_submissions s JOIN form_definitions d ON d.form_id = s.form_id
          WHERE ${where}
          ORDER BY s.created_at DESC, s.submission_id DESC OFFSET ${offset} LIMIT ${limit}`,
    );
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM form_submissions s WHERE ${where}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  async adminSubmission(submissionId: number) {
    const [row] = await queryRows<
      AdminSubmissionRow & { answers: { key: string; label: string; value: string }[] }
    >(
      this.db,
      sql`SELECT ${ADMIN_SUBMISSION_COLUMNS}, s.answers
          FROM form_submissions s JOIN form_definitions d ON d.form_id = s.form_id
          WHERE s.submission_id = ${submissionId}`,
    );
    if (!row) return null;
    const attachments = await this.db
      .select({
        uploadId: formUploads.uploadId,
        name: formUploads.originalName,
        contentType: formUploads.contentType,
        sizeBytes: formUploads.sizeBytes,
        storedName: formUploads.storedName,
      })
      .from(formUploads)
      .where(eq(formUploads.submissionId, submissionId))
      .orderBy(formUploads.uploadId);
    return { ...row, attachments };
  }
}

export interface AdminSubmissionRow {
  id: number;
  formId: number;
  formTitle: string;
  ticketType: number;
  userId: number | null;
  files: number;
  createdAt: string;
  deleteAfter: string;
}
const ADMIN_SUBMISSION_COLUMNS = sql`s.submission_id AS id, s.form_id AS "formId",
  d.settings->>'title' AS "formTitle", s.ticket_type AS "ticketType", s.user_id AS "userId",
  (SELECT count(*)::int FROM form_uploads u WHERE u.submission_id = s.submission_id) AS files,
  ${wireTimestamp('s.created_at', 'milliseconds')} AS "createdAt", ${wireTimestamp('s.delete_after', 'milliseconds')} AS "deleteAfter"`;
