import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /media/icons/:name.svg', () => {
  it('renders the icon on a tinted rounded card, cacheable forever', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/icons/red-apple.svg?bg=dcfce7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('fill="#dcfce7"');
    const again = await t.app.inject({ method: 'GET', url: '/media/icons/red-apple.svg?bg=dcfce7' });
    expect(again.body).toBe(res.body);
  });

  it('uses a neutral tint without bg', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/icons/cheese-wedge.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('fill="#f3f4f6"');
  });

  it.each([
    '/media/icons/not-an-icon-at-all.svg',
    '/media/icons/red-apple.png',
    '/media/icons/red-apple.svg?bg=zzzzzz',
    '/media/icons/red-apple.svg?bg=fff',
    '/media/icons/red-apple.svg?bg=%22%3E%3Cscript%3E',
    '/media/icons/red-apple.svg?bg=aaaaaa&bg=bbbbbb',
    '/media/icons/..%2F..%2Fetc%2Fpasswd.svg',
    '/media/icons/Red_Apple.svg',
  ])('answers a plain 404 to %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('gives every product a working illustration URL', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/ebsn/api/products?page_size=20' });
    const { data } = JSON.parse(list.body) as { data: { products: { mediaURL: string }[] } };
    for (const p of data.products) {
      const res = await t.app.inject({ method: 'GET', url: p.mediaURL });
      expect(res.statusCode, p.mediaURL).toBe(200);
    }
  });
});
