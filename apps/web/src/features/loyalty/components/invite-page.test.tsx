import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type { InviteView } from '@spesa/shared/contracts/invite';
import { renderApp } from '../../../test/render-app';
import { callsTo, failure, mockApi, ok as anonymous, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
/** a refusal that keeps the customer signed in */
const refused = (text: string) => {
  const reply = failure(1, text) as { envelope: Envelope<null> };
  return { envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
};
const view = (over: Partial<InviteView> = {}): InviteView => ({
  code: 'AMICO-MARIO2',
  path: '/invito/AMICO-MARIO2',
  open: true,
  endsOn: '2027-12-31',
  discountPercent: 10,
  maxVouchers: 10,
  vouchersEarned: 1,
  friends: [
    { joinedAt: '2027-02-10T09:00:00Z', state: 'rewarded', note: null },
    {
      joinedAt: '2027-02-11T09:00:00Z',
      state: 'no_reward',
      note: 'Non dà diritto al buono: risulta un altro account della stessa persona.',
    },
    { joinedAt: '2027-02-12T09:00:00Z', state: 'waiting', note: null },
  ],
  canJoin: false,
  joinedWith: null,
  ...over,
});
const signIn = () => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
};
afterEach(() => localStorage.clear());

/** "Invita un amico" (decision 045): the code and link, the rules, the friends; joining with a friend's code. */
describe('invite page', () => {
  it('shows the code, the link to send, the rules and what became of each friend', async () => {
    signIn();
    mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/loyalty/invite': () => ok(view()),
    });
    renderApp('/profile/invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invita un amico' })).toBeVisible();
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('AMICO-MARIO2');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(/\/invito\/AMICO-MARIO2$/);
    expect(screen.getByText(/per i primi 10 amici/)).toBeVisible();
    expect(screen.getByText('Nuovi amici fino al 31/12/2027.')).toBeVisible();
    expect(screen.getByTestId('invite-vouchers')).toHaveTextContent('Buoni ricevuti: 1 di 10');
    const friends = within(screen.getByTestId('invite-friends')).getAllByRole('listitem');
    expect(friends.map((f) => f.textContent)).toEqual([
      'Iscritto il 10/02/2027: buono ricevuto.',
      'Iscritto il 11/02/2027: nessun buono. Non dà diritto al buono: risulta un altro account della stessa persona.',
      'Iscritto il 12/02/2027: in attesa della sua prima spesa consegnata.',
    ]);
    // a customer who cannot join sees no form
    expect(screen.queryByRole('textbox', { name: /Codice invito/ })).toBeNull();
  });

  it('a new customer joins with the code of the link (kept in the browser); a refusal is read out', async () => {
    signIn();
    localStorage.setItem('spesa.inviteCode', 'AMICO-ANNA23');
    let joined = false;
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/loyalty/invite': () =>
        ok(
          view({ code: 'AMICO-NUOVO2', friends: [], vouchersEarned: 0, canJoin: !joined, joinedWith: null }),
        ),
      '/loyalty/invite/join': (_url, init) => {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        if (code !== 'AMICO-ANNA23')
          return refused('Questo codice invito non esiste: controllalo con il tuo amico.');
        joined = true;
        return ok(view({ code: 'AMICO-NUOVO2', friends: [], canJoin: false, joinedWith: code }));
      },
    });
    const { user } = renderApp('/profile/invite');
    const field = await screen.findByRole('textbox', { name: /Codice invito/ });
    expect(field).toHaveValue('AMICO-ANNA23');

    await user.clear(field);
    await user.type(field, 'amico-12');
    await user.click(screen.getByRole('button', { name: 'Usa il codice' }));
    expect(await screen.findByText(/Scrivi il codice invito come te l’ha mandato/)).toBeVisible();
    expect(callsTo(fetchMock, '/loyalty/invite/join')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'amico-zzzzzz');
    await user.click(screen.getByRole('button', { name: 'Usa il codice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Questo codice invito non esiste');

    await user.clear(field);
    await user.type(field, 'amico-anna23{Enter}');
    expect(await screen.findByTestId('invite-joined')).toHaveTextContent(
      'Hai usato il codice invito AMICO-ANNA23: il buono del 10% per la prima spesa è tra i tuoi buoni.',
    );
    expect(localStorage.getItem('spesa.inviteCode')).toBeNull();
  });

  it('the link of a friend: a visitor reads the offer and the code is kept in the browser', async () => {
    sessionStorage.removeItem('spesa.loggedIn');
    resetAuthState();
    // answers naming no customer: the visitor stays a visitor
    mockApi({ '/category': () => anonymous({ categories: categoryTree }) });
    renderApp('/invito/amico-anna23');
    expect(await screen.findByTestId('landing-code')).toHaveTextContent('AMICO-ANNA23');
    expect(screen.getByRole('heading', { level: 1, name: 'Un amico ti ha invitato' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Registrati' })).toHaveAttribute('href', '/registration-user');
    expect(localStorage.getItem('spesa.inviteCode')).toBe('AMICO-ANNA23');
  });
});
