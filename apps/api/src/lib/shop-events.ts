/**
 * What happened in the shop that an operator counts (decision 089): the modules tell it through this port,
 * `ModuleCore.events`, and know nothing of who listens (lib/metrics.ts counts them for Prometheus). Emitted
 * once the write that makes it true has committed (a mail: once written to the outbox, in its caller's
 * transaction when it has one); a listener that throws is ignored.
 */
export type ShopEvent =
  | { kind: 'order.placed' }
  /** a provider's notification applied to an authorisation (the browser's return, the webhook, a lookup) */
  | { kind: 'payment.outcome'; outcome: string }
  | { kind: 'payment.captured' }
  | { kind: 'payment.refunded' }
  /** a customer's sign-in refused: wrong login or password, or a wrong one-time PIN */
  | { kind: 'signIn.failed'; reason: 'credentials' | 'pin' }
  | { kind: 'mail.queued' }
  | { kind: 'mail.failed' };

export interface ShopEvents {
  emit(event: ShopEvent): void;
}

/** Tells nobody (a module built alone in a test). */
export const NO_SHOP_EVENTS: ShopEvents = { emit: () => {} };

/** The app's events: every listener hears every event, in the order they subscribed. */
export class ShopEventListeners implements ShopEvents {
  readonly #listeners: Array<(event: ShopEvent) => void> = [];

  on(listener: (event: ShopEvent) => void): void {
    this.#listeners.push(listener);
  }

  emit(event: ShopEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // counting must never break the shop's answer
      }
    }
  }
}
