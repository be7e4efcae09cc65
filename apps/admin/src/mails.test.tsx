// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayRead, mayWrite } from '@spesa/shared/contracts/admin';
import type { AdminMail } from '@spesa/shared/contracts/admin-mails';
import type * as ReactAdmin from 'react-admin';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import { dataProvider } from './data-provider';
import { MailList, ResendMailButton } from './mails';
import { envelope } from './test-envelope';

const notify = vi.fn();
const refresh = vi.fn();
let role = 'customer_service';
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof ReactAdmin>()),
  useNotify: () => notify,
  useRefresh: () => refresh,
  usePermissions: () => ({ permissions: role }),
}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notify.mockClear();
  refresh.mockClear();
  role = 'customer_service';
});

const mail = (over: Partial<AdminMail> = {}): AdminMail => ({
  id: 7,
  to: 'anna.bianchi@example.it',
  subject: 'Conferma del tuo ordine n. 1001',
  template: 'order-confirmation',
  state: 'unsent',
  createdAt: '2026-11-27T08:00:00.000Z',
  sentAt: null,
  error: 'connect ECONNREFUSED 10.0.0.5:587',
  queued: false,
  attempts: null,
  nextTryAt: null,
  ...over,
});

/** "E-mail non recapitate" (decision 101, session 51): who sees it, the list, the resend button. */
describe('E-mail non recapitate', () => {
  it('is read by customer service, supervisors and administrators; sent again by customer service and administrators', () => {
    for (const r of ['administrator', 'customer_service', 'supervisor'])
      expect(mayRead(r, 'mails')).toBe(true);
    for (const r of ['picker', 'catalogue_manager', 'store_manager']) expect(mayRead(r, 'mails')).toBe(false);
    expect(mayWrite('customer_service', 'mails')).toBe(true);
    expect(mayWrite('supervisor', 'mails')).toBe(false);
  });

  it('lists the unsent mails by default, with recipient, subject, kind and error, and a labelled button', async () => {
    const getList = vi.fn(() => Promise.resolve({ data: [mail()], total: 1 }));
    render(
      <AdminContext dataProvider={testDataProvider({ getList: getList as never })}>
        <ResourceContextProvider value="mails">
          <MailList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('anna.bianchi@example.it')).toBeTruthy();
    expect(screen.getByText('Conferma del tuo ordine n. 1001')).toBeTruthy();
    expect(screen.getByText('Conferma d’ordine')).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Invia di nuovo l’e-mail a anna.bianchi@example.it' }),
    ).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      'mails',
      expect.objectContaining({ filter: expect.objectContaining({ state: 'unsent' }) }),
    );
  });

  it('asks the API for the chosen state, unsent when none or an unknown one', async () => {
    const fetchMock = vi.fn(async () => Response.json(envelope({ data: [], total: 0 })));
    vi.stubGlobal('fetch', fetchMock);
    const page = { pagination: { page: 2, perPage: 25 }, sort: { field: 'id', order: 'DESC' as const } };
    await dataProvider.getList('mails', { ...page, filter: { state: 'sent', to: ' anna@example.it ' } });
    await dataProvider.getList('mails', { ...page, filter: { state: 'perse' } });
    const urls = fetchMock.mock.calls.map((c) => String((c as unknown[])[0]));
    expect(urls[0]).toBe('/ebsn/api/admin/mails?page=2&perPage=25&state=sent&to=anna%40example.it');
    expect(urls[1]).toBe('/ebsn/api/admin/mails?page=2&perPage=25&state=unsent');
  });

  it('sends an unsent mail again with the keyboard and shows what the server said', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json(
        envelope({ data: mail({ queued: true, attempts: 0 }) }, [
          'E-mail a anna.bianchi@example.it rimessa in coda: parte entro pochi secondi.',
        ]),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<ResendMailButton mail={mail()} />);
    const button = screen.getByRole('button', { name: 'Invia di nuovo l’e-mail a anna.bianchi@example.it' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'E-mail a anna.bianchi@example.it rimessa in coda: parte entro pochi secondi.',
        { type: 'success' },
      ),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ebsn/api/admin/mails/7/resend');
    expect(init.method).toBe('POST');
    expect(refresh).toHaveBeenCalled();
  });

  it('shows the refusal the server gives', async () => {
    const refusal = 'Questa e-mail è già stata inviata: non viene spedita una seconda volta.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          ...envelope({}),
          response: {
            ...envelope({}).response,
            status: 1,
            errors: [{ error: refusal, code: 'msg.mail.alreadySent' }],
            errorsMessage: [refusal],
          },
        }),
      ),
    );
    const user = userEvent.setup();
    render(<ResendMailButton mail={mail()} />);
    await user.click(screen.getByRole('button'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(refusal, { type: 'error' }));
  });

  it('offers no resend for a sent mail, one already queued, or to a supervisor', () => {
    const { container } = render(
      <div>
        <ResendMailButton mail={mail({ state: 'sent', sentAt: '2026-11-27T08:01:00.000Z', error: null })} />
        <ResendMailButton mail={mail({ queued: true, attempts: 3, nextTryAt: '2026-11-27T08:10:00.000Z' })} />
      </div>,
    );
    expect(within(container).queryByRole('button')).toBeNull();
    cleanup();
    role = 'supervisor';
    render(<ResendMailButton mail={mail()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
