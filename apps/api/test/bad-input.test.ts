import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type EnvelopeBody, type TestApp } from './helper';

/**
 * Hostile or broken input on every catalogue parameter: the answer is always the envelope (an Italian
 * error or an empty result), never a 500, never a stack trace or SQL text.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const API = '/ebsn/api';
const SQLISH = encodeURIComponent("'; drop table products;--");
const LIKE_META = encodeURIComponent('%_\\');
const LONG = 'a'.repeat(5000);
// (the suggestion endpoint may echo the customer's own words, so their SQL-looking text is not a leak)
const LEAKS =
  /stack|at \w+ \(|\.ts:\d+|select .* from|insert into|syntax error|drizzle|postgres|pglite|failed query|relation "/i;

type Expect = 'invalid' | 'error' | 'ok';
const cases: [string, Expect][] = [
  // paging
  ['/products?page=-1', 'invalid'],
  ['/products?page=0', 'invalid'],
  ['/products?page=abc', 'invalid'],
  ['/products?page=1.5', 'invalid'],
  ['/products?page=1e99', 'invalid'],
  // a larger page is cut to 500, as the real platform does (issue 19)
  ['/products?page_size=100000', 'ok'],
  ['/products?page_size=2.5', 'invalid'],
  ['/products?order_by=price%20sideways', 'invalid'],
  ['/products?page_size=0', 'invalid'],
  ['/products?page_size=-5', 'invalid'],
  ['/products?page=1&page=2', 'invalid'],
  // ids
  ['/products?parent_category_id=abc', 'invalid'],
  ['/products?parent_category_id=99999999999', 'invalid'],
  ['/products?parent_category_id=2147483647', 'ok'],
  ['/products?category_id=-1', 'invalid'],
  ['/products?product_id=abc', 'invalid'],
  ['/products?product_id=2147483647', 'error'],
  ['/products/abc', 'invalid'],
  ['/products/0', 'invalid'],
  ['/products/99999999999999999999', 'invalid'],
  // text
  [`/products?q=${SQLISH}`, 'ok'],
  [`/products?q=${LIKE_META}`, 'ok'],
  [`/products?q=${LONG}`, 'ok'],
  ['/products?q=%22unterminated', 'ok'],
  ['/products?q=-%20%7C%20%26%20!%20(%20)%20:*', 'ok'],
  ['/products?q=or%20and%20not', 'ok'],
  ['/products?q=%00', 'ok'],
  [`/products?slug=${SQLISH}`, 'error'],
  [`/products?slug=${LIKE_META}`, 'error'],
  [`/products?slug=${LONG}`, 'invalid'],
  [`/products?barcode=${SQLISH}`, 'error'],
  [`/products?barcode=${LONG}`, 'invalid'],
  ['/products?sort=price', 'invalid'],
  [`/products?sort=${SQLISH}`, 'invalid'],
  ['/products?promo=maybe', 'invalid'],
  ['/products?new_product=2', 'invalid'],
  [`/products?facet=${SQLISH}`, 'ok'],
  ['/products?facet=vendor:99999999999', 'ok'],
  ['/products?facet=vendor:abc&facet=category:-1', 'ok'],
  [`/products?facet=${LONG}`, 'invalid'],
  [`/products/suggest?q=${SQLISH}`, 'ok'],
  [`/products/suggest?q=${LIKE_META}`, 'ok'],
  [`/products/suggest?q=${LONG}`, 'ok'],
  ['/products/suggest', 'invalid'],
  // categories
  [`/category?slug=${SQLISH}`, 'error'],
  [`/category?slug=${LIKE_META}`, 'error'],
  ['/category?slug=%2F%2F%2F', 'error'],
  [`/category?slug=${LONG}`, 'invalid'],
  ['/category?categoryId=abc', 'invalid'],
  ['/category?categoryId=2147483647', 'error'],
  ['/category?depth=0', 'invalid'],
  ['/category?depth=99', 'invalid'],
  [`/category?q=${SQLISH}`, 'ok'],
  [`/category?q=${LONG}`, 'ok'],
  ['/category?filtered=yes', 'invalid'],
  ['/category-block/info', 'invalid'],
  ['/category-block/info?categoryBlockId=abc', 'invalid'],
  ['/category-block/info?categoryBlockId=2147483647', 'error'],
  // adv
  ['/adv', 'invalid'],
  ['/adv?layout=abc', 'invalid'],
  ['/adv?layout=26&limit=0', 'invalid'],
  ['/adv?layout=26&limit=100000', 'invalid'],
  ['/adv?layout=220&product_id=2147483647', 'ok'],
  ['/adv?layout=27&category_id=2147483647', 'ok'],
  ['/adv?layout=99999', 'ok'],
  // system
  [`/lang/lang-info?lang_info_name=${LONG}`, 'invalid'],
];

describe('bad input never breaks the API', () => {
  const rows = cases.map(([path, expected]) => ({
    label: path.length > 90 ? `${path.slice(0, 87)}...` : path,
    path,
    expected,
  }));
  it.each(rows)('GET $label -> $expected', async ({ path, expected }) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${path}` });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(LEAKS);
    const body = JSON.parse(res.body) as EnvelopeBody;
    expect(Object.keys(body).sort()).toEqual(['data', 'response', 'user']);
    if (expected === 'ok') {
      expect(res.statusCode).toBe(200);
      expect(body.response.status).toBe(0);
    } else if (expected === 'error') {
      expect(res.statusCode).toBe(200);
      expect(body.response.status).not.toBe(0);
      expect(body.response.errorsMessage[0]).toEqual(expect.any(String));
      expect(body.data).toEqual({});
    } else {
      expect(res.statusCode).toBe(400);
      expect(body.response.status).toBe(2);
      expect(body.response.errorsMessage[0]).toMatch(/^Il parametro \w+ (non è valido|è obbligatorio)\.$/);
      expect(body.response.errors[0]?.error).toBe(body.response.errorsMessage[0]);
    }
  });

  it('names the wrong parameter in Italian', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/products?page=abc&page_size=0` });
    const body = JSON.parse(res.body) as EnvelopeBody;
    expect(body.response.errorsMessage).toEqual([
      'Il parametro page non è valido.',
      'Il parametro page_size non è valido.',
    ]);
  });

  it('keeps the database intact after SQL-looking input', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/products?page_size=1` });
    const body = JSON.parse(res.body) as EnvelopeBody<{ page: { totItems: number } }>;
    expect(body.data.page.totItems).toBeGreaterThan(1000);
  });

  it('answers a very long search quickly (cut to 200 characters)', async () => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `${API}/products?q=${'mozzarella '.repeat(450)}` });
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
