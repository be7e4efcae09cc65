// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoiceDocument } from '@spesa/shared/contracts/invoices';
import type * as ReactAdmin from 'react-admin';
import { ResendButton } from './invoices';
import { invoiceExportPeriod } from './data-provider';
import { envelope } from './test-envelope';

const notify = vi.fn();
const refresh = vi.fn();
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof ReactAdmin>()),
  useNotify: () => notify,
  useRefresh: () => refresh,
}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notify.mockClear();
  refresh.mockClear();
});

const doc = (over: Partial<AdminInvoiceDocument> = {}): AdminInvoiceDocument => ({
  id: 7,
  documentId: 7,
  kind: 'TD01',
  kindLabel: 'Fattura',
  number: '2026/000007',
  issuedOn: '2026-11-28',
  orderId: 1001,
  relatedNumber: null,
  customerName: 'Trattoria Da Gino S.r.l.',
  total: 12.29,
  vat: 1.5,
  sdiState: 'rejected',
  sdiStateLabel: 'Scartato dallo SDI',
  sdiId: 'X1',
  sdiErrors: [{ code: '00305', description: 'IdFiscaleIVA del cessionario non valido' }],
  sendAttempts: 1,
  stateAt: '2026-11-28T10:00:00Z',
  ...over,
});

describe('electronic invoices in the back office', () => {
  it('sends a rejected document again and says so', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json(
        envelope({ data: doc({ sdiState: 'ready', sdiStateLabel: 'Da inviare', sdiErrors: [] }) }, [
          'Documento rimesso in coda per l’invio al Sistema di Interscambio.',
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<ResendButton doc={doc()} />);
    await user.click(
      screen.getByRole('button', { name: 'Invia di nuovo allo SDI il documento 2026/000007' }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'Documento rimesso in coda per l’invio al Sistema di Interscambio.',
        {
          type: 'success',
        },
      ),
    );
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/ebsn/api/admin/invoices/7/resend');
    expect(refresh).toHaveBeenCalled();
  });

  it('offers no resend for a document that was not rejected', () => {
    render(<ResendButton doc={doc({ sdiState: 'delivered', sdiStateLabel: 'Consegnato', sdiErrors: [] })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('exports this month so far unless a period is chosen', () => {
    expect(invoiceExportPeriod({}, '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(invoiceExportPeriod({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-29')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});
