import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RootUser } from '@spesa/shared/contracts/envelope';
import type { OperationsData, UserSearchData } from '@spesa/shared/contracts/operators';
import { renderApp } from '../../../test/render-app';
import { callsTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

/** Operators acting for a customer (decision 053): the search, the choice, the banner and the way back. */
const OPERATOR: RootUser = {
  userId: 40,
  login: 'clienti@spesa.demo',
  profileConfirmed: true,
  firstName: 'Sara',
  lastName: 'Servizio',
  operator: {
    userId: 40,
    username: 'clienti@spesa.demo',
    name: 'Sara Servizio',
    roles: ['customer_service'],
    acting: false,
  },
};
const ACTING: RootUser = {
  userId: 12,
  login: 'anna.verdi@spesa.demo',
  profileConfirmed: true,
  email: 'anna.verdi@spesa.demo',
  firstName: 'Anna',
  lastName: 'Verdi',
  operator: { ...OPERATOR.operator!, acting: true },
};
const found: UserSearchData = {
  users: [
    {
      userId: 12,
      firstName: 'Anna',
      lastName: 'Verdi',
      email: 'anna.verdi@spesa.demo',
      cardNumber: '2600000000031',
      mobilePhone: '3471122334',
      fiscalCode: 'VRDNNA42M52C933J',
    },
  ],
  page: { selPage: 1, totPages: 1, totItems: 1, itemsPerPage: 10 },
};

async function dismissCookies(user: ReturnType<typeof renderApp>['user']) {
  const banner = await screen.findByRole('region', { name: 'Rispettiamo la tua privacy' });
  await user.click(within(banner).getByRole('button', { name: 'Rifiuta' }));
}

describe('acting for a customer', () => {
  it('finds Anna by card number, acts for her with the banner on, and goes back to the search', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    let who = OPERATOR;
    const fetchMock = mockApi({
      '/category': () => okAs(who, { categories: categoryTree }),
      '/cart/view': () => okAs(who, makeCheckoutCart()),
      '/auth/test': () => okAs(who, { authenticated: true }),
      '/user-search/list_user': () => okAs(who, found),
      '/user-search/select_user': () => {
        who = ACTING;
        return okAs(who, { operator: ACTING.operator! });
      },
      '/sso-auth/logout': () => {
        who = OPERATOR;
        return okAs(who, { operator: OPERATOR.operator! });
      },
    });
    const { user, router } = renderApp('/operatore/clienti');
    await dismissCookies(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cerca il cliente' })).toBeVisible();
    // The heading is the page frame's; the form waits for the signed-in operator (auth/test), so wait for it.
    await user.type(await screen.findByLabelText('Numero della carta'), '2600000000031');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    const table = await screen.findByRole('table', { name: 'Clienti trovati' });
    expect(within(table).getByText('Anna Verdi')).toBeVisible();
    expect(callsTo(fetchMock, '/user-search/list_user')[0]?.searchParams.get('cod_int')).toBe(
      '2600000000031',
    );

    await user.click(within(table).getByRole('button', { name: 'Scegli Anna Verdi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const banner = await screen.findByRole('region', { name: 'Modalità operatore' });
    expect(banner).toHaveTextContent('Stai operando per conto di Anna Verdi');

    await user.click(within(banner).getByRole('button', { name: 'Torna alla ricerca' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operatore/clienti'));
    expect(callsTo(fetchMock, '/sso-auth/logout')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Modalità operatore' })).toHaveTextContent(
        'Operatore Sara Servizio: scegli il cliente per cui operare',
      ),
    );
  });

  it('a customer sees no banner, and reads what customer service did in the profile', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    const operations: OperationsData = {
      operations: [
        {
          id: 2,
          at: '2026-11-26T10:05:00Z',
          operatorName: 'Sara Servizio',
          label: 'Ordine effettuato',
          outcome: 'done',
        },
        {
          id: 1,
          at: '2026-11-26T10:00:00Z',
          operatorName: 'Sara Servizio',
          label: 'Modifica dei dati personali',
          outcome: 'refused',
        },
      ],
      page: { selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 20 },
    };
    mockApi({
      '/category': () => okAs(SIGNED_IN_USER, { categories: categoryTree }),
      '/cart/view': () => okAs(SIGNED_IN_USER, makeCheckoutCart()),
      '/sso-auth/operations': () => okAs(SIGNED_IN_USER, operations),
    });
    const { user } = renderApp('/profile/operations');
    await dismissCookies(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Operazioni del servizio clienti' }),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Operazioni eseguite dal servizio clienti' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ordine effettuato');
    expect(rows[0]).toHaveTextContent('Operatore: Sara Servizio');
    expect(rows[1]).toHaveTextContent('Non consentita');
    expect(screen.queryByRole('region', { name: 'Modalità operatore' })).toBeNull();
  });
});
