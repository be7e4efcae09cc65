// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoiceDocument } from '@spesa/shared/contracts/invoices';
import type * as ReactAdmin from 'react-admin';
import { CorrectButton } from './invoice-correction';
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

const doc: AdminInvoiceDocument = {
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
};

const invoice = {
  personTypeId: 2,
  companyName: 'Trattoria Da Gino S.r.l.',
  fiscalCode: '',
  vatCode: '00743110158',
  pec: '',
  sdiCode: 'ABC1234',
  ipaCode: '',
  cig: '',
  determinationNumber: '',
  determinationDate: '',
  contactPerson: '',
  address1: 'Corso Italia',
  addressNumber: '10',
  postalCode: '20122',
  city: 'Milano',
  province: 'MI',
};

describe('correcting a document the SDI rejected', () => {
  it('shows what the codes point at; a wrong partita IVA is not sent; the corrected data are', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        return Response.json(
          envelope({ data: { ...doc, id: 8, documentId: 8, sdiState: 'ready', sdiErrors: [] } }, [
            'Documento corretto n. 2026/000007 emesso con lo stesso numero e la stessa data di quello scartato, in coda per l’invio.',
          ]),
        );
      expect(url).toBe('/ebsn/api/admin/invoices/7/correction');
      return Response.json(
        envelope({
          data: {
            documentId: 7,
            number: '2026/000007',
            sdiErrors: doc.sdiErrors,
            hints: [
              'La partita IVA del cliente non risulta all’Anagrafe tributaria: verifica la partita IVA.',
            ],
            sameNumberUntil: '2026-12-03',
            sameNumber: true,
            invoice,
          },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<CorrectButton doc={doc} />);
    await user.click(
      screen.getByRole('button', { name: 'Correggi i dati e riemetti il documento 2026/000007' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Correggi e riemetti il documento 2026/000007',
    });
    expect(dialog.textContent).toContain('verifica la partita IVA');
    expect(dialog.textContent).toContain('stesso numero 2026/000007');
    await user.click(within(dialog).getByRole('button', { name: 'Emetti il documento corretto' }));
    expect(within(dialog).getByText(/partita IVA non è valida/)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    const vat = within(dialog).getByRole('textbox', { name: 'Partita IVA' });
    await user.clear(vat);
    await user.type(vat, '00743110157');
    await user.click(within(dialog).getByRole('button', { name: 'Emetti il documento corretto' }));
    await waitFor(() => expect(notify).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(post?.[0]).toBe('/ebsn/api/admin/invoices/7/reissue');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ invoice: { ...invoice, vatCode: '00743110157' } });
    expect(notify.mock.calls[0]?.[0]).toContain('stesso numero');
    expect(refresh).toHaveBeenCalled();
  });

  it('is offered on rejected documents only', () => {
    render(<CorrectButton doc={{ ...doc, sdiState: 'delivered' }} />);
    expect(screen.queryByRole('button', { name: /Correggi/ })).toBeNull();
  });
});
