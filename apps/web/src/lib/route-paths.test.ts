import { describe, expect, it } from 'vitest';
import { isShopRoute } from './route-paths';

describe('isShopRoute', () => {
  it.each([
    ['/', true],
    ['/product/latte-intero-1', true],
    ['/category/frutta/mele', true],
    ['/page/contatti', true],
    ['/volantini/12', true],
    ['/profile/orders/5', true],
    ['/prodotti-inesistenti', false],
    ['/page', false],
    ['/product/a/b', false],
  ])('%s → %s, asked once or again', (path, routed) => {
    expect(isShopRoute(path)).toBe(routed);
    expect(isShopRoute(path)).toBe(routed);
  });
});
