import { addDays, romeDayOf, romeToday } from '@spesa/shared/time/rome';
import type { PersonFiscalForm } from '@spesa/shared/contracts/account';
import type { OrderInvoice } from '@spesa/shared/contracts/orders';
import type { Db } from '../../db/client';
import { fail, failWith, ok, type Result } from '../../lib/result';
import type { FatturaDocument } from './fatturapa/fatturapa-xml';
import {
  buyerOf,
  invoiceDataProblem,
  paymentsOf,
  purchaseOrderOf,
  transmissionIdOf,
} from './invoice-document';
import type { DocumentRow, InvoicesRepository } from './invoices.repository';
import { INVOICES_TEXT, SDI_ERROR_HINTS } from './invoices.messages';
import type { InPlaceOf, InvoicesService } from './invoices.service';

/**
 * A corrected document after the SDI rejected one (decision 094). A rejected file is an invoice never issued
 * (provvedimento 89757/2018; circolare 13/E of 2 July 2018): it is not edited and needs no credit note; the
 * corrected document is a new file, sent with the same number and date as the rejected one when it goes
 * within 5 days of the rejection (calendar days, counted from the day the rejection was recorded), with the
 * next number and today's date after that, its reason naming the rejected one. The rejected row stays as it
 * was (XML and the SDI's codes) in the state `replaced`, linked from the new one.
 */

/** Days after a rejection within which the corrected file keeps the rejected one's number and date. */
export const SAME_NUMBER_DAYS = 5;

/** What the staff read before correcting: the SDI's codes with what to fix, and the numbering it will get. */
export interface CorrectionView {
  documentId: number;
  number: string;
  sdiErrors: DocumentRow['sdiErrors'];
  /** what each known code points at, in Italian */
  hints: string[];
  /** the last day a corrected file keeps the same number and date (YYYY-MM-DD) */
  sameNumberUntil: string;
  sameNumber: boolean;
}

export const sdiHintsOf = (errors: DocumentRow['sdiErrors']): string[] => [
  ...new Set(errors.map((e) => SDI_ERROR_HINTS[e.code]).filter((h): h is string => h !== undefined)),
];

const INVOICE_FIELDS = [
  ...['companyName', 'fiscalCode', 'vatCode', 'pec', 'sdiCode', 'ipaCode', 'cig', 'determinationNumber'],
  ...['determinationDate', 'contactPerson', 'address1', 'addressNumber', 'postalCode', 'city', 'province'],
] as const;

/** The order's invoice data (as kept with the order) in the form's shape, for the staff to correct. */
export function invoiceDataOf(raw: Record<string, unknown>): OrderInvoice {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return {
    personTypeId: Number(raw.personTypeId) || 1,
    ...(Object.fromEntries(INVOICE_FIELDS.map((f) => [f, text(raw[f])])) as Omit<
      OrderInvoice,
      'personTypeId'
    >),
  };
}

export class InvoiceReissue {
  constructor(
    private readonly repo: InvoicesRepository,
    private readonly invoices: InvoicesService,
    private readonly now: () => Date,
  ) {}

  view(doc: DocumentRow): CorrectionView {
    const until = addDays(romeDayOf(doc.stateAt), SAME_NUMBER_DAYS);
    return {
      documentId: doc.documentId,
      number: doc.numberText,
      sdiErrors: doc.sdiErrors,
      hints: sdiHintsOf(doc.sdiErrors),
      sameNumberUntil: until,
      sameNumber: romeToday(this.now()) <= until,
    };
  }

  /**
   * Issues the corrected document in the caller's transaction: the rejected one locked (a second correction
   * waits, then finds it replaced), the corrected invoice data checked as before "prepared", the rejected
   * row marked replaced before the new one takes its number.
   */
  async reissue(
    documentId: number,
    invoice: PersonFiscalForm,
    tx: Db,
  ): Promise<Result<{ rejected: DocumentRow; documentId: number; sameNumber: boolean }>> {
    const rejected = await this.repo.lockForSending(documentId, tx);
    if (!rejected) return failWith(INVOICES_TEXT.documentNotFound, 'notFound');
    if (rejected.sdiState !== 'rejected') return failWith(INVOICES_TEXT.notRejectedForCorrection);
    const data = invoice as unknown as Record<string, unknown>;
    const problem = invoiceDataProblem(data);
    if (problem) return fail(INVOICES_TEXT.invoiceData.code, problem, 'validation');
    const facts = await this.repo.orderFacts(rejected.orderId, tx);
    if (!facts) return failWith(INVOICES_TEXT.orderNotFound, 'notFound');
    const { sameNumber, sameNumberUntil } = this.view(rejected);
    const before = rejected.data as FatturaDocument;
    const buyer = buyerOf({ ...facts, invoice: data });
    const splitPayment = buyer.format === 'FPA12';
    const amounts = before.amounts;
    const { tries } = await this.repo.numberTries(rejected.year, rejected.number, tx);
    await this.repo.setState(documentId, { sdiState: 'replaced', at: this.now() }, tx);
    const inPlaceOf: InPlaceOf = {
      documentId,
      sameNumber: sameNumber
        ? {
            year: rejected.year,
            number: rejected.number,
            date: rejected.issuedOn,
            transmissionId: `${transmissionIdOf(rejected.year, rejected.number)}R${tries.toString(36).toUpperCase()}`,
          }
        : null,
    };
    // the link to the rejected file first: the reason is cut at 200 characters
    const lateNote = sameNumber
      ? ''
      : `In luogo del documento n. ${rejected.numberText} del ${rejected.issuedOn} scartato dal SdI (riemesso dopo il ${sameNumberUntil}). `;
    const newId = await this.invoices.write(
      {
        kind: rejected.kind,
        seller: before.seller,
        buyer,
        amounts,
        related: before.related,
        purchaseOrder:
          rejected.kind === 'TD01' ? purchaseOrderOf({ ...facts, invoice: data }) : before.purchaseOrder,
        splitPayment,
        payments:
          rejected.kind === 'TD01'
            ? paymentsOf(facts, amounts.totalCents, amounts.vatCents, splitPayment)
            : before.payments,
        reason: `${lateNote}${before.reason ?? ''}`.trim() || null,
        orderId: rejected.orderId,
        userId: rejected.userId,
        relatedDocumentId: rejected.relatedDocumentId,
        refundId: rejected.refundId,
        walletMovementId: rejected.walletMovementId,
      },
      inPlaceOf,
      tx,
    );
    return ok({ rejected, documentId: newId, sameNumber });
  }
}
