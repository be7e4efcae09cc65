import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReceiptList, ReceiptListQuery, ReceiptView } from '@spesa/shared/contracts/receipts';
import { callApi } from '../../../lib/http';

/** Receipts belong to the signed-in customer: under ['account'], forgotten at sign-out. */
export const receiptKeys = {
  all: ['account', 'receipts'] as const,
  list: (q: ReceiptListQuery) => ['account', 'receipts', 'list', q] as const,
  one: (receiptId: number) => ['account', 'receipts', 'one', receiptId] as const,
  settings: () => ['account', 'receipts', 'settings'] as const,
  taxfree: (start: string, end: string) => ['account', 'receipts', 'taxfree', start, end] as const,
};

/** GET /receipts/list: a page of the customer's receipts, newest first, filtered by day. */
export const getReceipts = (q: ReceiptListQuery, signal?: AbortSignal): Promise<ReceiptList> =>
  callApi('GET /receipts/list', { query: q }, { signal, quiet: true });

export const useReceipts = (q: ReceiptListQuery) =>
  useQuery({
    queryKey: receiptKeys.list(q),
    queryFn: ({ signal }) => getReceipts(q, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /receipts/view: one receipt with its lines and VAT. */
export const getReceipt = (receiptId: number, signal?: AbortSignal): Promise<ReceiptView> =>
  callApi('GET /receipts/view', { query: { receipt_id: receiptId } }, { signal, quiet: true });

export const useReceipt = (receiptId: number) =>
  useQuery({
    queryKey: receiptKeys.one(receiptId),
    queryFn: ({ signal }) => getReceipt(receiptId, signal),
    retry: false,
  });

/** the address of a receipt's PDF (the session cookie of the web build goes with it) */
export const receiptPdfUrl = (receiptId: number) => `/ebsn/api/receipts/pdf?receipt_id=${receiptId}`;
