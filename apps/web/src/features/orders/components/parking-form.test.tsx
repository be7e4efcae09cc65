import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, failure, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree } from '../../../test/fixtures';
import { makeCheckoutCart, makeOrder } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const driveOrder = (over: Parameters<typeof makeOrder>[0] = {}) =>
  makeOrder({
    orderId: 1001,
    deliveryServiceId: 1,
    homeDelivery: false,
    orderStatusId: 6,
    orderStatusDescr: 'Preparato',
    timeslot: { date: today, timeslotId: 4, beginTime: '10:00', endTime: '12:00', deliveryDayPeriodId: 1 },
    ...over,
  });
const withInfo = <T,>(data: T, info: string) => {
  const reply = ok(data);
  const { envelope } = reply as unknown as { envelope: Envelope<T> };
  envelope.response.infos = [{ info }];
  envelope.response.infosMessage = [info];
  return reply;
};
/** a refusal answered to the signed-in customer */
function refuse(text: string) {
  const reply = failure(1, text, 200, { code: 'msg.order.parkingNotToday' }) as {
    httpStatus: number;
    envelope: Envelope<null>;
  };
  return { ...reply, envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
}
function signedIn() {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
}
afterEach(() => sessionStorage.clear());

/** "Sto arrivando" on the order detail (decision 049): the info on status 0, else the error or the generic one. */
describe('parking at pickup', () => {
  it('sends the distance and plate of a Drive order ready today and shows the store’s answer', async () => {
    signedIn();
    const info = 'Grazie! Il punto vendita sa che stai arrivando per l’ordine 1001 (AB123CD): ti aspettiamo.';
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/order/view': () => ok({ data: driveOrder() }),
      '/order/reserve': () =>
        withInfo(
          { reservation: {
              orderId: 1001,
              distance: 3.5,
              reservationInfo: 'AB123CD',
              updatedAt: '2026-11-26T09:05:00.000Z',
            }, },
          info,
        ),
    });
    const { user } = renderApp('/profile/orders/1001');
    expect(await screen.findByRole('heading', { name: 'Sto arrivando' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Distanza/ }), '3,5');
    await user.type(screen.getByRole('textbox', { name: /Targa o numero/ }), 'AB123CD');
    await user.click(screen.getByRole('button', { name: 'Avvisa il punto vendita' }));
    expect(await screen.findByTestId('parking-result')).toHaveTextContent(info);
    expect(screen.getByTestId('parking-told')).toHaveTextContent(
      'Hai avvisato il punto vendita alle 10:05: 3,5 km, AB123CD.',
    );
    expect(bodiesTo(fetchMock, '/order/reserve')).toEqual([
      { order_id: 1001, distance: '3,5', reservation_info: 'AB123CD' },
    ]);
  });

  it('shows the arrival already announced, its fields ready to be updated', async () => {
    signedIn();
    const reservation = {
      orderId: 1001,
      distance: 1.2,
      reservationInfo: 'Stallo 4',
      updatedAt: '2026-11-26T16:40:00.000Z',
    };
    mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/order/view': () => ok({ data: driveOrder({ parkingReservation: reservation }) }),
    });
    renderApp('/profile/orders/1001');
    expect(await screen.findByTestId('parking-told')).toHaveTextContent(
      'Hai avvisato il punto vendita alle 17:40: 1,2 km, Stallo 4. Puoi aggiornare i dati e inviarli di nuovo.',
    );
    expect(screen.getByRole('textbox', { name: /Distanza/ })).toHaveValue('1,2');
    expect(screen.getByRole('textbox', { name: /Targa o numero/ })).toHaveValue('Stallo 4');
  });

  it('shows the server’s refusal, or the generic text when none came', async () => {
    signedIn();
    let calls = 0;
    mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/order/view': () => ok({ data: driveOrder({ orderStatusId: 18 }) }),
      '/order/reserve': () =>
        ++calls === 1
          ? refuse('Puoi avvisarci del tuo arrivo solo nel giorno del ritiro.')
          : { httpStatus: 500, raw: 'boom' },
    });
    const { user } = renderApp('/profile/orders/1001');
    await user.type(await screen.findByRole('textbox', { name: /Distanza/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /Targa o numero/ }), 'Stallo 4');
    await user.click(screen.getByRole('button', { name: 'Avvisa il punto vendita' }));
    expect(await screen.findByTestId('parking-result')).toHaveTextContent(
      'Puoi avvisarci del tuo arrivo solo nel giorno del ritiro.',
    );
    await user.click(screen.getByRole('button', { name: 'Avvisa il punto vendita' }));
    expect(
      await screen.findByText(
        'Non è stato possibile avvisare il punto vendita del tuo arrivo. Riprova tra qualche minuto.',
      ),
    ).toBeVisible();
  });

  it('is not offered for a home delivery, an order of another day or one not ready', async () => {
    signedIn();
    for (const order of [
      driveOrder({ deliveryServiceId: 2, homeDelivery: true }),
      driveOrder({
        timeslot: {
          date: '2020-01-01',
          timeslotId: 4,
          beginTime: '10:00',
          endTime: '12:00',
          deliveryDayPeriodId: 1,
        },
      }),
      driveOrder({ orderStatusId: 3, orderStatusDescr: 'Ordinato' }),
    ]) {
      mockApi({
        '/category': () => ok({ categories: categoryTree }),
        '/cart/view': () => ok(makeCheckoutCart()),
        '/order/view': () => ok({ data: order }),
      });
      const { unmount } = renderApp('/profile/orders/1001');
      expect(await screen.findByRole('heading', { level: 1, name: /Ordine 1001/ })).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Sto arrivando' })).toBeNull();
      unmount();
    }
  });
});
