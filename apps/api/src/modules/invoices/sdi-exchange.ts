import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { DocumentRow, InvoicesRepository } from './invoices.repository';

/**
 * The exchange system (SDI) through an intermediary (decision 087): a port, its HTTP channel and a local
 * stand-in, and the store-and-forward queue on the job queue. States: ready (written, waiting to go), sent
 * (the intermediary took it and gave its id), delivered (the SDI's "ricevuta di consegna", or "impossibilità
 * di recapito": the document is issued either way), rejected (the SDI's "notifica di scarto" with its error
 * codes, e.g. 00305 a recipient's partita IVA unknown): fixed and sent again from the back office.
 */

export interface SdiError {
  /** the SDI's error code, e.g. "00305" */
  code: string;
  description: string;
}

export type SdiSendAnswer =
  | { ok: true; sdiId: string }
  /** retry: a transient failure (network, 5xx): the job is tried again; otherwise the file is rejected */
  | { ok: false; retry: boolean; errors: SdiError[] };

export interface SdiChannel {
  readonly name: string;
  send(file: { fileName: string; xml: string }): Promise<SdiSendAnswer>;
}

export const SDI_SEND_JOB = 'invoices.sdi-send';

/** The file's name as the SDI wants it: IT, the transmitter's partita IVA, _, 5 alphanumeric characters. */
export const sdiFileName = (sellerVat: string, documentId: number) =>
  `IT${sellerVat}_${documentId.toString(36).toUpperCase().padStart(5, '0')}.xml`;

/**
 * The intermediary's HTTP channel: POST {base}/files with the file (JSON: name and base64 content) and a bearer
 * token; 2xx answers { id }, 4xx { errors: [{ code, description }] } (refused at once), 5xx and network
 * failures are tried again. The outcome arrives later (POST /invoices/sdi/notifications, signed with the token).
 */
export class HttpSdiChannel implements SdiChannel {
  readonly name = 'http';
  constructor(
    private readonly baseUrl: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(file: { fileName: string; xml: string }): Promise<SdiSendAnswer> {
    let res: Response;
    try {
      res = await this.fetchImpl(new URL('files', this.baseUrl.replace(/\/?$/, '/')), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({
          name: file.fileName,
          content: Buffer.from(file.xml, 'utf8').toString('base64'),
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      return {
        ok: false,
        retry: true,
        errors: [{ code: 'network', description: 'intermediario non raggiungibile' }],
      };
    }
    const body = (await res.json().catch(() => ({}))) as { id?: unknown; errors?: unknown };
    if (res.ok && typeof body.id === 'string') return { ok: true, sdiId: body.id };
    if (res.status >= 500)
      return {
        ok: false,
        retry: true,
        errors: [{ code: String(res.status), description: 'errore dell’intermediario' }],
      };
    const errors = Array.isArray(body.errors)
      ? body.errors.map((e: { code?: unknown; description?: unknown }) => ({
          code: String(e.code ?? ''),
          description: String(e.description ?? ''),
        }))
      : [{ code: String(res.status), description: 'file rifiutato dall’intermediario' }];
    return { ok: false, retry: false, errors };
  }
}

/** How many sent files the local stand-in keeps for /dev/sdi. */
const LOCAL_SDI_KEPT_FILES = 200;

/**
 * The local stand-in (development and tests): keeps the newest files it was given, readable at /dev/sdi like the
 * development mailbox, and answers as the SDI would: an id, then delivered; a rejection when told to.
 */
export class LocalSdiChannel implements SdiChannel {
  readonly name = 'local';
  readonly files: Array<{ sdiId: string; fileName: string; xml: string; at: Date }> = [];
  #rejections: SdiError[][] = [];

  /** the next file sent is rejected with these errors */
  rejectNext(errors: SdiError[]): void {
    this.#rejections.push(errors);
  }

  async send(file: { fileName: string; xml: string }): Promise<SdiSendAnswer> {
    const rejection = this.#rejections.shift();
    if (rejection) return { ok: false, retry: false, errors: rejection };
    // unique across processes and restarts, as the SDI's own identifiers are
    const sdiId = `LOCAL-${randomUUID()}`;
    this.files.push({ sdiId, ...file, at: new Date() });
    // a long-running demo shop keeps the newest files only (the documents themselves are in the database)
    if (this.files.length > LOCAL_SDI_KEPT_FILES)
      this.files.splice(0, this.files.length - LOCAL_SDI_KEPT_FILES);
    return { ok: true, sdiId };
  }
}

export function sdiChannelOf(env: Pick<Env, 'INVOICE_SDI_URL' | 'INVOICE_SDI_TOKEN'>): SdiChannel {
  return env.INVOICE_SDI_URL
    ? new HttpSdiChannel(env.INVOICE_SDI_URL, env.INVOICE_SDI_TOKEN)
    : new LocalSdiChannel();
}

/** The queue's work: sends a ready document once; the row lock makes a second run wait and find it sent. */
export class SdiQueue {
  constructor(
    private readonly db: Db,
    private readonly repo: InvoicesRepository,
    private readonly channel: SdiChannel,
    private readonly sellerVat: string,
    /** the shop's clock: a state's time (a rejection's starts the days a corrected file keeps its number) */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(payload: unknown): Promise<DocumentRow['sdiState'] | null> {
    const documentId = Number((payload as { documentId?: unknown } | null)?.documentId);
    if (!Number.isInteger(documentId)) return null;
    return this.db.transaction(async (tx) => {
      const doc = await this.repo.lockForSending(documentId, tx);
      if (!doc || doc.sdiState !== 'ready') return doc?.sdiState ?? null;
      const answer = await this.channel.send({
        fileName: sdiFileName(this.sellerVat, documentId),
        xml: doc.xml,
      });
      if (answer.ok) {
        await this.repo.setState(
          documentId,
          { sdiState: 'sent', sdiId: answer.sdiId, attempted: true, at: this.now() },
          tx,
        );
        // the local stand-in delivers at once (the SDI's receipt arrives later through the intermediary)
        if (this.channel instanceof LocalSdiChannel)
          await this.repo.setState(documentId, { sdiState: 'delivered', at: this.now() }, tx);
        return this.channel instanceof LocalSdiChannel ? 'delivered' : 'sent';
      }
      if (answer.retry) throw new Error(`SDI channel: ${answer.errors.map((e) => e.code).join(', ')}`);
      await this.repo.setState(
        documentId,
        { sdiState: 'rejected', sdiErrors: answer.errors, attempted: true, at: this.now() },
        tx,
      );
      return 'rejected';
    });
  }

  /** The SDI's outcome of a file sent (the intermediary's notification). */
  async recordOutcome(sdiId: string, outcome: { delivered: boolean; errors: SdiError[] }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const found = await this.repo.documentBySdiId(sdiId, tx);
      if (!found) return false;
      const doc = await this.repo.lockForSending(found.documentId, tx);
      if (doc?.sdiState !== 'sent') return doc !== null;
      await this.repo.setState(
        found.documentId,
        outcome.delivered
          ? { sdiState: 'delivered', at: this.now() }
          : { sdiState: 'rejected', sdiErrors: outcome.errors, at: this.now() },
        tx,
      );
      return true;
    });
  }

  /** A rejected document back to ready (the back office's resend); false: it was not rejected. */
  async requeue(documentId: number, tx: Db): Promise<boolean> {
    const doc = await this.repo.lockForSending(documentId, tx);
    if (doc?.sdiState !== 'rejected') return false;
    await this.repo.setState(documentId, { sdiState: 'ready', sdiId: null, at: this.now() }, tx);
    return true;
  }
}
