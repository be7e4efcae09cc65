import type { PaymentProvider } from './payment-provider';

/**
 * The payment providers of this shop (decision 081): which one takes a payment type, and which one an
 * authorisation belongs to. Real providers come first, so a configured Stripe takes the cards and a configured
 * Satispay the mobile pay app; the sandbox, when on, takes what no real provider takes.
 */
export class PaymentProviders {
  /**
   * @param list every provider an authorisation may name
   * @param isOpen whether a provider opens new sessions (the sandbox when off, or every provider with online
   *   payments off, still answers for the authorisations it holds but takes no new payment)
   */
  constructor(
    private readonly list: readonly PaymentProvider[],
    private readonly isOpen: (p: PaymentProvider) => boolean = () => true,
  ) {}

  /** The provider that opens sessions of a payment type; null: no open provider takes it here. */
  forType(paymentTypeId: number): PaymentProvider | null {
    return this.list.find((p) => this.isOpen(p) && p.paymentTypeIds.includes(paymentTypeId)) ?? null;
  }

  /** The provider of an authorisation (payment_authorizations.provider), null if this shop has none by that name. */
  byName(name: string): PaymentProvider | null {
    return this.list.find((p) => p.name === name) ?? null;
  }

  /** Whether some provider here takes the payment type (an online type nobody takes is not offered). */
  takes(paymentTypeId: number): boolean {
    return this.forType(paymentTypeId) !== null;
  }

  get all(): readonly PaymentProvider[] {
    return this.list;
  }
}
