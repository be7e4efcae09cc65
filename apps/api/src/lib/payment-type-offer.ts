import {
  DEFAULT_PAYMENT_TYPE_ID,
  PAYMENT_TYPES,
  isOnlinePaymentType,
  paymentTypeOf,
} from '@spesa/shared/checkout/payment-types';

/**
 * The payment types this shop offers (decision 084): a type without a provider (on delivery, deferred) always;
 * an online type (12, 1, 24) only when a provider that is on takes it — none with ONLINE_PAYMENTS=off. The
 * payment module builds it from its providers; checkout and the order actions take it as a port (they do not
 * import payment), so a type the shop cannot take is neither listed nor accepted.
 */
export interface PaymentTypeOffer {
  /** whether a payment type is offered now (an unknown id is not) */
  offers(paymentTypeId: number): boolean;
  /** the type checkout proposes and a buy without a type takes: the card (12) when offered, else the first offered */
  defaultTypeId(): number;
}

export function paymentTypeOffer(onlineTakes: (paymentTypeId: number) => boolean): PaymentTypeOffer {
  const offers = (paymentTypeId: number) =>
    paymentTypeOf(paymentTypeId) !== null &&
    (!isOnlinePaymentType(paymentTypeId) || onlineTakes(paymentTypeId));
  return {
    offers,
    defaultTypeId: () =>
      offers(DEFAULT_PAYMENT_TYPE_ID)
        ? DEFAULT_PAYMENT_TYPE_ID
        : (PAYMENT_TYPES.find((p) => offers(p.paymentTypeId))?.paymentTypeId ?? DEFAULT_PAYMENT_TYPE_ID),
  };
}
