import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';
import { ShopEventListeners } from './shop-events';

describe("the shop's counters", () => {
  it('counts every kind of event the modules tell', async () => {
    const metrics = createMetrics();
    const events = new ShopEventListeners();
    events.on(metrics.onEvent);
    events.on(() => {
      throw new Error('a broken listener changes nothing');
    });
    events.emit({ kind: 'order.placed' });
    events.emit({ kind: 'order.placed' });
    events.emit({ kind: 'payment.outcome', outcome: 'success' });
    events.emit({ kind: 'payment.outcome', outcome: 'declined' });
    events.emit({ kind: 'payment.captured' });
    events.emit({ kind: 'payment.refunded' });
    events.emit({ kind: 'signIn.failed', reason: 'pin' });
    events.emit({ kind: 'mail.queued' });
    events.emit({ kind: 'mail.failed' });
    metrics.requestEnded('POST', '/ebsn/api/auth/login', 429, 0.004);
    metrics.jobFailed('orders.reminder');
    const text = await metrics.registry.metrics();
    for (const line of [
      'spesa_orders_placed_total 2',
      'spesa_payments_total{outcome="success"} 1',
      'spesa_payments_total{outcome="declined"} 1',
      'spesa_payments_total{outcome="pending"} 0',
      'spesa_payment_captures_total 1',
      'spesa_payment_refunds_total 1',
      'spesa_sign_in_failures_total{reason="pin"} 1',
      'spesa_mails_total{result="queued"} 1',
      'spesa_mails_total{result="failed"} 1',
      'spesa_throttled_requests_total{route="/ebsn/api/auth/login"} 1',
      'spesa_scheduled_job_failures_total{kind="orders.reminder"} 1',
    ])
      expect(text).toContain(line);
  });

  it("adds the process's event-loop delay when asked (server.ts)", async () => {
    const metrics = createMetrics();
    expect(await metrics.registry.metrics()).not.toContain('eventloop_lag');
    metrics.observeProcess();
    expect(await metrics.registry.metrics()).toContain('spesa_nodejs_eventloop_lag_p99_seconds');
  });
});
