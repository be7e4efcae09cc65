import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { NotificationHistoryData } from '@spesa/shared/contracts/notifications';
import { renderApp } from '../../../test/render-app';
import { callsTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const history = (type: string | null): NotificationHistoryData => ({
  notifications:
    type === '5'
      ? [
          {
            notificationId: 3,
            messageTypeId: 5,
            title: 'Hai un nuovo buono',
            body: 'Buono di 5,00 € (codice ABC123), valido fino al 30/09/2027.',
            orderId: null,
            receiptId: null,
            giftCertificateId: 9,
            createdAt: '2026-11-26T09:00:00.000Z',
            readAt: null,
          },
        ]
      : [
          {
            notificationId: 2,
            messageTypeId: 2,
            title: 'Ordine 1001 preparato',
            body: 'La tua spesa è pronta: abbiamo addebitato 8,12 €.',
            orderId: 1001,
            receiptId: null,
            giftCertificateId: null,
            createdAt: '2026-11-26T10:00:00.000Z',
            readAt: null,
          },
          {
            notificationId: 1,
            messageTypeId: 1,
            title: 'Ordine 1001 confermato',
            body: 'Abbiamo ricevuto il tuo ordine.',
            orderId: 1001,
            receiptId: null,
            giftCertificateId: null,
            createdAt: '2026-11-25T10:00:00.000Z',
            readAt: '2026-11-25T11:00:00.000Z',
          },
        ],
  page: { selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 20 },
  unreadCount: 0,
});

/** "Notifiche" (decision 048): the messages newest first, the unread ones marked, a filter by kind. */
describe('notifications page', () => {
  it('lists the messages with the unread marked and a link to the order; filters by kind', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/notification/history': (url) => ok(history(url.searchParams.get('message_type_id'))),
    });
    const { user } = renderApp('/profile/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifiche' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Messaggi ricevuti' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ordine 1001 preparato');
    expect(within(rows[0]!).getByText('Nuovo')).toBeVisible();
    expect(within(rows[1]!).queryByText('Nuovo')).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'Vedi l’ordine 1001' })).toHaveAttribute(
      'href',
      '/profile/orders/1001',
    );
    await user.click(screen.getByRole('combobox', { name: 'Tipo di messaggio' }));
    await user.click(await screen.findByRole('option', { name: 'Buono emesso' }));
    expect(await screen.findByText('Hai un nuovo buono')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Vai a «I miei buoni»' })).toBeVisible();
    expect(
      callsTo(fetchMock, '/notification/history').map((u) => u.searchParams.get('message_type_id')),
    ).toEqual([null, '5']);
  });

  it('says when there is no message', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/notification/history': () =>
        ok({
          notifications: [],
          page: { selPage: 1, totPages: 0, totItems: 0, itemsPerPage: 20 },
          unreadCount: 0,
        }),
    });
    renderApp('/profile/notifications');
    expect(await screen.findByText('Non ci sono messaggi.')).toBeVisible();
  });

  it('the header and the profile menu count the unread messages until the page is read', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    let unread = 2;
    mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/order/list': () =>
        ok({ orders: [], page: { selPage: 1, totPages: 0, totItems: 0, itemsPerPage: 10 } }),
      '/notification/unread-count': () => ok({ unreadCount: unread }),
      '/notification/history': () => {
        unread = 0;
        return ok(history(null));
      },
    });
    const { user } = renderApp('/profile/orders');
    const nav = await screen.findByRole('navigation', { name: 'Area clienti' });
    const link = within(nav).getByRole('link', { name: /Notifiche/ });
    await waitFor(() => expect(link).toHaveTextContent('Notifiche2 nuove'));
    // the header's button says it too (the header's account control is a lazy module of its own), and so
    // does its icon twin for phones, hidden at this width
    expect(await screen.findByRole('button', { name: /^Ciao, Mario\s*, 2 nuove$/ })).toBeVisible();
    expect(screen.getByLabelText('Ciao, Mario, 2 nuove', { selector: 'button' })).toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('list', { name: 'Messaggi ricevuti' })).toBeVisible();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /Notifiche/ })).toHaveTextContent(/^Notifiche$/),
    );
    expect(screen.queryAllByRole('button', { name: /nuove/ })).toHaveLength(0);
    expect(screen.queryByLabelText(/nuove/, { selector: 'button' })).toBeNull();
  });
});
