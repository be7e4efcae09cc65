import { romeToday } from '@spesa/shared/time/rome';
import type { Db } from '../../db/client';
import type { OrderTransition } from '../../lib/order-transitions';
import { Abort, fail, failWith } from '../../lib/result';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { fatturaXml, type FatturaDocument, type Seller } from './fatturapa/fatturapa-xml';
import { invoiceAmounts, type InvoiceAmounts } from './invoice-amounts';
import {
  creditNoteAmounts,
  lineCreditLines,
  lumpSumCreditLines,
  remainingByRate,
  remainingTotal,
  type RateBalance,
} from './credit-note-amounts';
import {
  buyerOf,
  chargedLinesOf,
  goodsLineOf,
  customerNameOf,
  invoiceDataProblem,
  numberTextOf,
  paymentsOf,
  purchaseOrderOf,
  transmissionIdOf,
} from './invoice-document';
import type { DocumentRow, InvoicesRepository } from './invoices.repository';
import { INVOICE_DATA_TEXT, INVOICES_TEXT } from './invoices.messages';

/** A refund the payment provider made, as the payment module tells it (in the refund's transaction). */
export interface SettledRefund {
  refundId: number;
  orderId: number;
  amountCents: number;
  reason: string;
  /** a refund of one order line: the line and the pieces or kg given back; null: an amount */
  line?: { orderItemId: number; quantity: number } | null;
}

/** A goodwill credit on the wallet tied to an order (a complaint), as the loyalty module tells it. */
export interface GrantedGoodwill {
  movementId: number;
  userId: number;
  orderId: number;
  amountCents: number;
  reason: string;
}

/** What issuing a document does besides writing it: the exchange system's queue, the customer's e-mail. */
export interface IssuedListener {
  (
    doc: {
      documentId: number;
      kind: 'TD01' | 'TD04';
      orderId: number;
      userId: number;
      numberText: string;
      totalCents: number;
    },
    tx: Db,
  ): Promise<void>;
}

export type Draft = Omit<FatturaDocument, 'transmissionId' | 'number' | 'date'> & {
  orderId: number;
  userId: number;
  relatedDocumentId: number | null;
  refundId: number | null;
  walletMovementId?: number | null;
};

/** A corrected document in place of a rejected one (decision 094): its number, date and transmission id. */
export interface InPlaceOf {
  documentId: number;
  /** null: the next number of today's year, dated today (the rejection is older than the days allowed) */
  sameNumber: { year: number; number: number; date: string; transmissionId: string } | null;
}

/** Why a credit note is issued: a refund (of a line or an amount) or a goodwill credit on the wallet. */
interface CreditCause {
  refundId: number | null;
  walletMovementId: number | null;
  reason: string;
}

/**
 * Issuing (decision 087): an invoice (TD01) when an order that asked for one is delivered, in full or in part;
 * a credit note (TD04) referring to it when money goes back after. The number is taken last, in the
 * transaction that writes the document, from the year's sequence row locked by the upsert: concurrent
 * issuers queue on it, a rollback gives the number back. The XML is validated against the schema before it is
 * written; a document is never changed afterwards (its state at the exchange system is not the document).
 */
export class InvoicesService {
  readonly #issued: IssuedListener[] = [];

  constructor(
    private readonly repo: InvoicesRepository,
    private readonly seller: Seller,
    private readonly now: () => Date,
  ) {}

  /** Told of every document written, in its transaction. */
  onIssued(listener: IssuedListener): void {
    this.#issued.push(listener);
  }

  /** Listener of "prepared": refuses an order whose invoice data would make an invalid invoice. */
  async checkBeforePrepared(order: Pick<OrderTransition, 'orderId'>, tx: Db): Promise<void> {
    const facts = await this.repo.orderFacts(order.orderId, tx);
    if (!facts?.invoice) return;
    if (facts.mealVoucherCents > 0)
      throw new Abort(fail(INVOICES_TEXT.invoiceData.code, INVOICE_DATA_TEXT.mealVouchers));
    const problem = invoiceDataProblem(facts.invoice);
    if (problem) throw new Abort(fail(INVOICES_TEXT.invoiceData.code, problem, 'validation'));
  }

  /** Listener of "delivered" and "partly delivered": the order's invoice for what was delivered and charged. */
  async issueOnDelivery(order: Pick<OrderTransition, 'orderId'>, tx: Db): Promise<void> {
    const facts = await this.repo.orderFacts(order.orderId, tx);
    if (!facts?.invoice) return;
    if (await this.repo.invoiceOfOrder(order.orderId, tx)) return;
    const amounts = invoiceAmounts(chargedLinesOf(facts));
    if (amounts.totalCents <= 0) return;
    const buyer = buyerOf(facts);
    const splitPayment = buyer.format === 'FPA12';
    await this.write(
      {
        kind: 'TD01',
        seller: this.seller,
        buyer,
        amounts,
        related: null,
        purchaseOrder: purchaseOrderOf(facts),
        splitPayment,
        payments: paymentsOf(facts, amounts.totalCents, amounts.vatCents, splitPayment),
        reason: `Ordine online n. ${facts.orderId} del ${facts.orderedOn}`,
        orderId: facts.orderId,
        userId: facts.userId,
        relatedDocumentId: null,
        refundId: null,
      },
      null,
      tx,
    );
  }

  /** What the order's invoice still holds per VAT rate: its gross less its credit notes' (decision 094). */
  private async remainingOf(invoice: DocumentRow, tx: Db): Promise<RateBalance[]> {
    const notes = (await this.repo.documentsOfOrder(invoice.orderId, tx)).filter((d) => d.kind === 'TD04');
    return remainingByRate(
      (invoice.data as FatturaDocument).amounts.summary,
      notes.map((n) => (n.data as FatturaDocument).amounts.summary),
    );
  }

  /**
   * A refund made after the invoice: a credit note for it, never more than the invoice still holds. A refund
   * of one line names the line (as the invoice did, with the pieces or kg given back and its VAT rate); an
   * amount is spread over the rates the invoice still holds. Before any invoice, nothing: the invoice issued
   * at delivery states what was charged.
   */
  async creditRefund(refund: SettledRefund, tx: Db): Promise<void> {
    const invoice = await this.repo.invoiceOfOrder(refund.orderId, tx);
    if (!invoice) return;
    if (await this.repo.creditNoteOfRefund(refund.refundId, tx)) return;
    const remaining = await this.remainingOf(invoice, tx);
    const cents = Math.min(refund.amountCents, remainingTotal(remaining));
    if (cents <= 0) return;
    const lump = `Rimborso: ${refund.reason}`;
    const refunded = refund.line
      ? (await this.repo.orderFacts(refund.orderId, tx))?.lines.find(
          (l) => l.orderItemId === refund.line?.orderItemId,
        )
      : undefined;
    const lines =
      refund.line && refunded
        ? lineCreditLines(goodsLineOf(refunded), refund.line.quantity, cents, remaining, lump)
        : lumpSumCreditLines(remaining, cents, lump);
    const cause = { refundId: refund.refundId, walletMovementId: null, reason: refund.reason };
    await this.creditNote(invoice, creditNoteAmounts(lines, remaining), cause, tx);
  }

  /**
   * A goodwill credit on the wallet tied to an order (a complaint): a price reduction of what was invoiced, so
   * a credit note referring to the invoice, spread over the rates it still holds. An order that asked for an
   * invoice not issued yet refuses the credit (the invoice at delivery would not know it); an order without
   * an invoice issues nothing (decision 094).
   */
  async creditGoodwill(credit: GrantedGoodwill, tx: Db): Promise<void> {
    const invoice = await this.repo.invoiceOfOrder(credit.orderId, tx);
    if (!invoice) {
      const facts = await this.repo.orderFacts(credit.orderId, tx);
      if (facts?.invoice) throw new Abort(failWith(INVOICES_TEXT.notInvoicedYet));
      return;
    }
    if (await this.repo.creditNoteOfWalletMovement(credit.movementId, tx)) return;
    const remaining = await this.remainingOf(invoice, tx);
    const cents = Math.min(credit.amountCents, remainingTotal(remaining));
    if (cents <= 0) return;
    const lines = lumpSumCreditLines(
      remaining,
      cents,
      `Abbuono accreditato sul portafoglio: ${credit.reason}`,
    );
    const cause = { refundId: null, walletMovementId: credit.movementId, reason: credit.reason };
    await this.creditNote(invoice, creditNoteAmounts(lines, remaining), cause, tx);
  }

  private async creditNote(
    invoice: DocumentRow,
    amounts: InvoiceAmounts,
    why: CreditCause,
    tx: Db,
  ): Promise<void> {
    const data = invoice.data as FatturaDocument;
    await this.write(
      {
        kind: 'TD04',
        seller: this.seller,
        buyer: data.buyer,
        amounts,
        related: { number: invoice.numberText, date: invoice.issuedOn },
        purchaseOrder: data.purchaseOrder,
        splitPayment: data.splitPayment,
        payments: [],
        reason: `Nota di credito per la fattura ${invoice.numberText}: ${why.reason}`,
        orderId: invoice.orderId,
        userId: invoice.userId,
        relatedDocumentId: invoice.documentId,
        refundId: why.refundId,
        walletMovementId: why.walletMovementId,
      },
      null,
      tx,
    );
  }

  /**
   * Takes the year's next number (or, for a corrected document in place of a rejected one, that one's number
   * and date), builds and validates the XML, writes the document, tells the listeners.
   */
  async write(draft: Draft, inPlaceOf: InPlaceOf | null, tx: Db): Promise<number> {
    const same = inPlaceOf?.sameNumber ?? null;
    const date = same?.date ?? romeToday(this.now());
    const year = same?.year ?? Number(date.slice(0, 4));
    const n = same?.number ?? (await this.repo.nextNumber(year, tx));
    const { orderId, userId, relatedDocumentId, refundId, walletMovementId, ...rest } = draft;
    const doc: FatturaDocument = {
      ...rest,
      transmissionId: same?.transmissionId ?? transmissionIdOf(year, n),
      number: numberTextOf(year, n),
      date,
    };
    const xml = fatturaXml(doc);
    const check = await checkAgainstSchema(xml);
    if (!check.valid) {
      // a bug, not the customer's data (refused before "prepared"): the status change is refused with it
      throw new Abort({ ...failWith(INVOICES_TEXT.notValid), message: INVOICES_TEXT.notValid.text });
    }
    const documentId = await this.repo.insert(
      {
        kind: doc.kind,
        year,
        number: n,
        numberText: doc.number,
        issuedOn: date,
        orderId,
        userId,
        relatedDocumentId,
        refundId,
        walletMovementId: walletMovementId ?? null,
        replacesDocumentId: inPlaceOf?.documentId ?? null,
        customerName: customerNameOf(doc.buyer),
        totalCents: doc.amounts.totalCents,
        vatCents: doc.amounts.vatCents,
        data: doc,
        xml,
        transmissionId: doc.transmissionId,
      },
      tx,
    );
    for (const listener of this.#issued)
      await listener(
        {
          documentId,
          kind: doc.kind,
          orderId,
          userId,
          numberText: doc.number,
          totalCents: doc.amounts.totalCents,
        },
        tx,
      );
    return documentId;
  }
}
