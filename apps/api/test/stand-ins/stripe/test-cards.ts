/**
 * Stripe's test PaymentMethods (https://docs.stripe.com/testing): the `pm_card_*` ids Stripe accepts in test mode
 * instead of card numbers, and what each does when a PaymentIntent is confirmed with it.
 */
export interface CardDecline {
  code: string;
  decline_code: string;
  message: string;
}

export interface TestCard {
  brand: string;
  last4: string;
  /** authorised at once, declined, or asks for 3D Secure first (then authorised, or declined after it) */
  outcome: 'authorise' | 'decline' | 'authenticate';
  decline?: CardDecline;
  /**
   * A card asking for 3D Secure, used off-session once saved for it (`setup_future_usage: off_session`):
   * authorised without the customer (`pm_card_authenticationRequiredOnSetup`); otherwise it still asks for
   * authentication, which off-session fails with `authentication_required`.
   */
  offSessionOnceSetUp?: 'authorise';
}

const generic: CardDecline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const insufficientFunds: CardDecline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'authorise' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'authorise' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', decline: generic },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', decline: generic },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'decline',
    decline: insufficientFunds,
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    outcome: 'decline',
    decline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticate' },
  pm_card_authenticationRequiredOnSetup: {
    brand: 'visa',
    last4: '3155',
    outcome: 'authenticate',
    offSessionOnceSetUp: 'authorise',
  },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'authenticate' },
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '3178',
    outcome: 'authenticate',
    decline: insufficientFunds,
  },
};

/** 3D Secure failed or abandoned by the customer */
export const AUTHENTICATION_FAILURE = {
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
} as const;

/**
 * An off-session payment the bank wants the cardholder to authenticate: Stripe refuses it (402 card_error) and
 * the PaymentIntent waits for a payment method (https://docs.stripe.com/declines/codes: authentication_required).
 */
export const AUTHENTICATION_REQUIRED: CardDecline = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** What an off-session confirmation with a card meets: nothing (authorised) or the refusal. */
export function offSessionRefusal(card: TestCard, setUpOffSession: boolean): CardDecline | null {
  if (card.outcome === 'decline') return card.decline!;
  if (card.outcome === 'authorise') return null;
  if (setUpOffSession && card.offSessionOnceSetUp === 'authorise') return card.decline ?? null;
  return AUTHENTICATION_REQUIRED;
}
