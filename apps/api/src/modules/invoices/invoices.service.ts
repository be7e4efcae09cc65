import { romeToday } from '@spesa/shared/time/rome';
import type { Db } from '../../db/client';
import type { OrderTransition } from '../../lib/order-transitions';
import { Abort, fail, failWith } from '../../lib/result';
import { checkAgainstSchema } from './fatturapa/fatturapa-xsd';
import { fatturaXml, type FatturaDocument, type Seller } from './fatturapa/fatturapa-xml';
import { invoiceAmounts, refundLines, type InvoiceAmounts } from './invoice-amounts';
import {
  buyerOf,
  chargedLinesOf,
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

type Draft = Omit<FatturaDocument, 'transmissionId' | 'number' | 'date'> & {
  orderId: number;
  userId: number;
  relatedDocumentId: number | null;
  refundId: number | null;
};

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
      tx,
    );
  }

  /**
   * A refund made after the invoice: a credit note for it, spread over the invoice's VAT rates, never more
   * than the invoice still holds (its total less the credit notes already issued). Before any invoice,
   * nothing: the invoice issued at delivery states what was charged.
   */
  async creditRefund(refund: SettledRefund, tx: Db): Promise<void> {
    const invoice = await this.repo.invoiceOfOrder(refund.orderId, tx);
    if (!invoice) return;
    if (await this.repo.creditNoteOfRefund(refund.refundId, tx)) return;
    const credited = (await this.repo.documentsOfOrder(refund.orderId, tx))
      .filter((d) => d.kind === 'TD04')
      .reduce((a, d) => a + d.totalCents, 0);
    const cents = Math.min(refund.amountCents, invoice.totalCents - credited);
    if (cents <= 0) return;
    const data = invoice.data as FatturaDocument;
    const amounts = invoiceAmounts(refundLines(data.amounts.summary, cents, `Rimborso: ${refund.reason}`));
    await this.creditNote(invoice, amounts, { refundId: refund.refundId, reason: refund.reason }, tx);
  }

  private async creditNote(
    invoice: DocumentRow,
    amounts: InvoiceAmounts,
    why: { refundId: number | null; reason: string },
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
      },
      tx,
    );
  }

  /** Takes the year's next number, builds and validates the XML, writes the document, tells the listeners. */
  private async write(draft: Draft, tx: Db): Promise<number> {
    const date = romeToday(this.now());
    const year = Number(date.slice(0, 4));
    const n = await this.repo.nextNumber(year, tx);
    const { orderId, userId, relatedDocumentId, refundId, ...rest } = draft;
    const doc: FatturaDocument = {
      ...rest,
      transmissionId: transmissionIdOf(year, n),
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
