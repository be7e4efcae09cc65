import { useQuery } from '@tanstack/react-query';
import type { InvoiceDocument } from '@spesa/shared/contracts/invoices';
import { callApi } from '../../../lib/http';
import { orderKeys } from './query-keys';

/** GET /invoices/order: the order's invoice and credit notes (decision 087), oldest first. */
export async function getOrderInvoices(orderId: number, signal?: AbortSignal): Promise<InvoiceDocument[]> {
  const data = await callApi(
    'GET /invoices/order',
    { query: { order_id: orderId } },
    { signal, quiet: true },
  );
  return data.documents;
}

export const invoicePdfUrl = (documentId: number) => `/ebsn/api/invoices/pdf?document_id=${documentId}`;
export const invoiceXmlUrl = (documentId: number) => `/ebsn/api/invoices/xml?document_id=${documentId}`;

/** The documents of one of the customer's orders (not on the e-mail's read-only view: it has no session). */
export function useOrderInvoices(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), 'invoices'] as const,
    queryFn: ({ signal }) => getOrderInvoices(orderId, signal),
    enabled: enabled && orderId > 0,
  });
}
