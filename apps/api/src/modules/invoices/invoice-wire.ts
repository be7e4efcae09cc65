import {
  SDI_STATE_LABEL,
  type AdminInvoiceDocument,
  type InvoiceDocument,
} from '@spesa/shared/contracts/invoices';
import type { FatturaDocument } from './fatturapa/fatturapa-xml';
import type { DocumentRow } from './invoices.repository';

/** A document on the wire: the customer's view and the back office's. */
export function documentWire(r: DocumentRow): InvoiceDocument {
  const data = r.data as Partial<FatturaDocument>;
  return {
    documentId: r.documentId,
    kind: r.kind,
    kindLabel: r.kind === 'TD04' ? 'Nota di credito' : 'Fattura',
    number: r.numberText,
    issuedOn: r.issuedOn,
    orderId: r.orderId,
    relatedNumber: data.related?.number ?? null,
    customerName: r.customerName,
    total: r.totalCents / 100,
    vat: r.vatCents / 100,
    sdiState: r.sdiState,
    sdiStateLabel: SDI_STATE_LABEL[r.sdiState],
  };
}

export function adminDocumentWire(r: DocumentRow): AdminInvoiceDocument {
  return {
    ...documentWire(r),
    id: r.documentId,
    sdiId: r.sdiId,
    sdiErrors: r.sdiErrors,
    sendAttempts: r.sendAttempts,
    stateAt: r.stateAt,
  };
}

/** The file name of a document's download: "fattura-2026-000123.pdf" */
export const downloadName = (r: DocumentRow, ext: 'pdf' | 'xml') =>
  `${r.kind === 'TD04' ? 'nota-di-credito' : 'fattura'}-${r.numberText.replace(/\//g, '-')}.${ext}`;
