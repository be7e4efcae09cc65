import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserGiftCertificate } from '@spesa/shared/contracts/gift-certificates';
import { renderApp } from '../../../test/render-app';
import { callsTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const gift = (
  id: number,
  over: Partial<UserGiftCertificate> & { code: string; value: number; minSpend?: number },
): UserGiftCertificate => ({
  userGiftCertificateId: id,
  giftCertificate: {
    giftCertificateId: id,
    code: over.code,
    name: `Buono di ${over.value} €`,
    descr: '',
    kind: 'amount',
    value: over.value,
    minSpend: over.minSpend ?? 0,
    validTo: '2027-12-31',
  },
  type: 'personal',
  source: 'manual',
  reason: 'Scuse per il ritardo',
  conditions: 'Vale una volta.',
  validFrom: '2027-01-01',
  state: 'available',
  orderId: null,
  usedAt: null,
  ...over,
});
const current = gift(1, { code: 'MARIO-BUONO5', value: 5, minSpend: 30 });
const used = gift(2, {
  code: 'MARIO-USATO3',
  value: 3,
  state: 'used',
  orderId: 1001,
  usedAt: '2027-02-10T09:00:00Z',
});
const advantage = gift(3, {
  code: 'FAMIGLIE10',
  value: 4,
  type: 'advantage',
  source: null,
  reason: null,
  conditions: 'Una volta per cliente.',
});

/** "I miei buoni" (decision 040): current certificates, the history on request, advantages, "usa nel carrello". */
describe('gift certificates page', () => {
  it('lists the current certificates and advantages, shows the history on request, applies a code to the cart', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/giftcertificate/list': () => ok({ userGiftCertificates: [current, advantage] }),
      '/giftcertificate/list-manual-assigned': (url) =>
        ok({
          userGiftCertificates: url.searchParams.get('show_history') === 'true' ? [current, used] : [current],
        }),
      '/cart-giftcertificate/add_code': () => ok(makeCheckoutCart()),
    });
    const { user } = renderApp('/profile/gift-certificates');
    expect(await screen.findByRole('heading', { level: 1, name: 'I miei buoni' })).toBeVisible();
    const mine = await screen.findByRole('list', { name: 'I tuoi buoni' });
    const [first] = within(mine).getAllByRole('listitem');
    expect(first).toHaveTextContent('5,00 €');
    expect(first).toHaveTextContent('Scuse per il ritardo');
    expect(first).toHaveTextContent('Valido fino al 31/12/2027');
    expect(first).toHaveTextContent('Con una spesa minima di 30,00 €');
    expect(first).toHaveTextContent('MARIO-BUONO5');
    const advantages = await screen.findByRole('list', { name: 'Vantaggi per te' });
    expect(within(advantages).getByText('FAMIGLIE10')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Mostra anche i buoni usati e scaduti' }));
    expect(await screen.findByText(/Usato nell'ordine 1001 del/)).toHaveTextContent(/10\/0?2\/2027/);
    expect(
      callsTo(fetchMock, '/giftcertificate/list-manual-assigned').map((u) =>
        u.searchParams.get('show_history'),
      ),
    ).toEqual([null, 'true']);

    const list = screen.getByRole('list', { name: 'I tuoi buoni' });
    await user.click(within(list).getAllByRole('button', { name: 'Usa nel carrello' })[0]!);
    expect(await screen.findByText('Il buono MARIO-BUONO5 è applicato al carrello.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Vai alla cassa' })).toHaveAttribute('href', '/checkout');
    const sent = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/cart-giftcertificate/add_code'),
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ code: 'MARIO-BUONO5' });
  });
});
