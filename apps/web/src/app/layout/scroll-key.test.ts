import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key';

describe('scrollKey', () => {
  it('keys a full page load by its address, so another page never inherits its scroll position', () => {
    const checkout = scrollKey({ key: 'default', pathname: '/checkout', search: '' });
    const completed = scrollKey({
      key: 'default',
      pathname: '/checkout/completed/failed',
      search: '?order_id=1',
    });
    expect(checkout).toBe('/checkout');
    expect(completed).toBe('/checkout/completed/failed?order_id=1');
    expect(completed).not.toBe(checkout);
  });

  it("keeps the router's own key for the entries it pushed (back and forward restore them)", () => {
    expect(scrollKey({ key: 'x1y2z3', pathname: '/category/latte', search: '' })).toBe('x1y2z3');
  });
});
