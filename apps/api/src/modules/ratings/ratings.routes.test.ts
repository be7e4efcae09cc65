import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test/customers';
import { buildTestApp, callAs, type TestApp } from '../../../test/helper';
import { makeStaff, placeOrder } from '../../../test/order-fixtures';
import { queryRows } from '../../db/rows';

const API = '/ebsn/api';
const LEAKS = /stack|at \w+ \(|\.ts:\d+|select .* from|syntax error|drizzle|postgres|pglite|failed query/i;

type Customer = { userId: number; token: string; email: string };
type Product = { productId: number; name: string; priceCents: number };
type Summary = {
  productId: number;
  ratings: Array<{ rating: number; numRating: number }>;
  total: number;
  avg: number;
};
type VoteDetails = {
  voteId: number;
  productId: number;
  noteTypeId: number;
  active: boolean;
  status: 'approved' | 'pending' | 'rejected';
  approvalDate: string | null;
  rating: number;
  title: string;
  comment: string;
  rejectionReason: string | null;
};
type Bought = { buyed: boolean; voteDetails: VoteDetails | null };
type AdminVote = {
  id: number;
  productId: number;
  productName: string;
  customerFirstName: string;
  status: string;
  title: string;
  comment: string;
  rejectionReason: string | null;
};
type Page = { selPage: number; totPages: number; totItems: number; itemsPerPage: number };
type UserVotes =
  | {
      listType: 'to-vote';
      products: Array<{
        productId: number;
        name: string;
        slug: string;
        product: { productId: number } | null;
      }>;
      page: Page;
    }
  | { listType: 'voted'; votes: Array<VoteDetails & { name: string }>; page: Page };

let t: TestApp;
let products: Product[];
let next = 0;
/** a product no other test votes (the tests of a file share the database and its summaries) */
const freshProduct = (): Product => {
  const p = products[next++];
  if (!p) throw new Error('not enough products');
  return p;
};

let moderator: string;
let picker: string;

beforeAll(async () => {
  t = await buildTestApp();
  products = await queryRows<Product>(
    t.db,
    sql`SELECT product_id AS "productId", name, price_cents AS "priceCents"
        FROM products WHERE active ORDER BY product_id LIMIT 40`,
  );
  moderator = await makeStaff(t, (await newCustomer(t, { tag: 'votes-cs' })).userId, [], 'customer_service');
  picker = await makeStaff(t, (await newCustomer(t, { tag: 'votes-picker' })).userId, [], 'picker');
});
afterAll(async () => {
  await t?.close();
});

const as = <T>(token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, payload === undefined ? {} : { payload });
const staff = <T>(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  callAs<T>(t.app, token, method, `${API}${path}`, {
    via: 'staff',
    ...(payload === undefined ? {} : { payload }),
  });

/** a customer who received the products in a delivered (8) or collected in part (9) order */
async function buyer(tag: string, bought: Product[], status: 8 | 9 = 8): Promise<Customer> {
  const c = await newCustomer(t, { tag });
  await placeOrder(t, {
    userId: c.userId,
    status,
    lines: bought.map((product) => ({ product, quantity: 1 })),
  });
  return c;
}

const summaryOf = async (p: Product, token: string) =>
  (await as<Summary>(token, 'GET', `/rank/product/${p.productId}/rating`)).body.data;
const starsOf = (s: Summary) => s.ratings.map((r) => r.numRating);
const errorText = (body: { response: { errors: Array<{ error?: string }> } }) =>
  body.response.errors[0]?.error;

describe('who may vote', () => {
  it('answers 401 without a session (rating display and voting need a signed-in customer)', async () => {
    const p = products[0] as Product;
    for (const [method, path] of [
      ['GET', `/rank/product/${p.productId}/rating`],
      ['GET', `/rank/product/${p.productId}/bought`],
      ['POST', `/rank/product/${p.productId}/vote`],
      ['GET', '/rank/list-user-votes'],
    ] as const) {
      const res = await as(null, method, path, method === 'POST' ? { rating: 4 } : undefined);
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('refuses a customer who never received the product, and one whose order is not delivered', async () => {
    const p = freshProduct();
    const stranger = await newCustomer(t, { tag: 'votes-stranger' });
    const waiting = await newCustomer(t, { tag: 'votes-waiting' });
    await placeOrder(t, { userId: waiting.userId, status: 3, lines: [{ product: p, quantity: 1 }] });
    for (const c of [stranger, waiting]) {
      const bought = await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`);
      expect(bought.body.data).toEqual({ buyed: false, voteDetails: null });
      const res = await as(c.token, 'POST', `/rank/product/${p.productId}/vote`, { rating: 5 });
      expect(res.body.response.status).not.toBe(0);
      expect(errorText(res.body)).toBe('Puoi votare solo i prodotti che hai ricevuto con un tuo ordine.');
    }
    expect((await summaryOf(p, stranger.token)).total).toBe(0);
  });

  it('counts what a line brought: not a line delivered with 0, the substitute of a replaced line', async () => {
    const [missing, ordered, substitute] = [freshProduct(), freshProduct(), freshProduct()];
    const c = await newCustomer(t, { tag: 'votes-picked' });
    const o = await placeOrder(t, {
      userId: c.userId,
      status: 9,
      lines: [
        { product: missing, quantity: 1 },
        { product: ordered, quantity: 1 },
      ],
    });
    await t.db.execute(
      sql`UPDATE order_items SET delivered_quantity = 0 WHERE order_item_id = ${o.itemIds[0]}`,
    );
    await t.db.execute(
      sql`UPDATE order_items SET delivered_quantity = 1, substitute_product_id = ${substitute.productId},
            substitute_name = ${substitute.name}
          WHERE order_item_id = ${o.itemIds[1]}`,
    );
    const buyed = async (p: Product) =>
      (await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`)).body.data.buyed;
    expect([await buyed(missing), await buyed(ordered), await buyed(substitute)]).toEqual([
      false,
      false,
      true,
    ]);
    const vote = await as(c.token, 'POST', `/rank/product/${substitute.productId}/vote`, { rating: 2 });
    expect(vote.body.response.status).toBe(0);
  });

  it('answers not found for an unknown product, and never a 500 for a broken id', async () => {
    const c = await newCustomer(t, { tag: 'votes-unknown' });
    for (const path of ['/rank/product/2147483647/rating', '/rank/product/2147483647/bought']) {
      const res = await as(c.token, 'GET', path);
      expect(res.body.response.status, path).not.toBe(0);
      expect(errorText(res.body)).toBe('Prodotto non trovato.');
    }
    const vote = await as(c.token, 'POST', '/rank/product/2147483647/vote', { rating: 3 });
    expect(errorText(vote.body)).toBe('Prodotto non trovato.');
    for (const path of [
      '/rank/product/abc/rating',
      '/rank/product/0/bought',
      '/rank/product/99999999999/rating',
    ]) {
      const res = await as(c.token, 'GET', path);
      expect(res.statusCode, path).toBe(400);
      expect(res.body.response.status).not.toBe(0);
      expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
    }
  });
});

describe('voting', () => {
  it('counts a star-only vote at once, once per customer: a second vote is refused and changes nothing', async () => {
    const p = freshProduct();
    const c = await buyer('votes-once', [p]);
    expect((await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`)).body.data).toEqual({
      buyed: true,
      voteDetails: null,
    });
    const res = await as<{ voteDetails: VoteDetails }>(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 4.5,
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.voteDetails).toMatchObject({
      productId: p.productId,
      noteTypeId: 1,
      active: true,
      status: 'approved',
      rating: 4.5,
      title: '',
      comment: '',
      rejectionReason: null,
    });
    expect(res.body.data.voteDetails.approvalDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.response.infosMessage[0]).toBe('Grazie per il tuo voto.');

    const again = await as(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 1,
      title: 'Altro',
    });
    expect(again.body.response.status).not.toBe(0);
    expect(errorText(again.body)).toBe('Hai già votato questo prodotto: il tuo voto non è stato cambiato.');

    const summary = await summaryOf(p, c.token);
    expect(summary).toEqual({
      productId: p.productId,
      ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, numRating: rating === 5 ? 1 : 0 })),
      total: 1,
      avg: 4.5,
    });
    const bought = await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`);
    expect(bought.body.data.voteDetails).toMatchObject({ rating: 4.5, active: true, status: 'approved' });
  });

  it('keeps the distribution and a one-decimal average over several customers', async () => {
    const p = freshProduct();
    for (const [i, rating] of [1, 2.5, 3, 5].entries()) {
      const c = await buyer(`votes-avg-${i}`, [p], i % 2 === 0 ? 8 : 9);
      const res = await as(c.token, 'POST', `/rank/product/${p.productId}/vote`, { rating });
      expect(res.body.response.status).toBe(0);
    }
    const s = await summaryOf(p, (await newCustomer(t, { tag: 'votes-reader' })).token);
    expect(s.total).toBe(4);
    expect(starsOf(s)).toEqual([1, 0, 2, 0, 1]);
    // (1 + 2.5 + 3 + 5) / 4 = 2.875
    expect(s.avg).toBe(2.9);
    // the catalogue's product carries the same summary (read fresh here; listings as of the read cache)
    const wire = await callAs<{ ratingSummary?: { avg: number; total: number } }>(
      t.app,
      null,
      'GET',
      `${API}/products?product_id=${p.productId}&skip_cache=true`,
    );
    expect(wire.body.data.ratingSummary).toEqual({ avg: 2.9, total: 4 });
  });

  it('defaults to one star with empty title and comment', async () => {
    const p = freshProduct();
    const c = await buyer('votes-default', [p]);
    const res = await as<{ voteDetails: VoteDetails }>(
      c.token,
      'POST',
      `/rank/product/${p.productId}/vote`,
      {},
    );
    expect(res.body.data.voteDetails).toMatchObject({
      rating: 1,
      title: '',
      comment: '',
      status: 'approved',
    });
    expect(starsOf(await summaryOf(p, c.token))).toEqual([1, 0, 0, 0, 0]);
  });

  it.each([0, 6, 2.25, -1, 'quattro', '4,5', true, null, Number.MAX_SAFE_INTEGER])(
    'refuses the rating %s with an Italian message and records nothing',
    async (rating) => {
      const p = products[30] as Product;
      const c = await buyer(`votes-bad-${String(rating)}`, [p]);
      const res = await as(c.token, 'POST', `/rank/product/${p.productId}/vote`, { rating });
      expect(res.statusCode).toBe(400);
      expect(res.body.response.status).not.toBe(0);
      expect(errorText(res.body)).toBe('Il voto va da 1 a 5 stelle, a mezze stelle (per esempio 3 o 3,5).');
      const bought = await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`);
      expect(bought.body.data.voteDetails).toBeNull();
    },
  );

  it('refuses a title over 120 characters and a comment over 2000, trims the text and keeps it as text', async () => {
    const p = freshProduct();
    const c = await buyer('votes-text', [p]);
    const long = await as(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 3,
      title: 'x'.repeat(121),
    });
    expect(errorText(long.body)).toBe('Il titolo può avere al massimo 120 caratteri.');
    const longComment = await as(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 3,
      comment: 'x'.repeat(2001),
    });
    expect(errorText(longComment.body)).toBe('Il commento può avere al massimo 2000 caratteri.');
    const res = await as<{ voteDetails: VoteDetails }>(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: '3.5',
      title: `  ${'t'.repeat(120)}  `,
      comment: '  <script>alert(1)</script> buono  ',
    });
    expect(res.body.response.status).toBe(0);
    expect(res.body.data.voteDetails.title).toBe('t'.repeat(120));
    expect(res.body.data.voteDetails.comment).toBe('<script>alert(1)</script> buono');
    expect(res.body.data.voteDetails.rating).toBe(3.5);
  });
});

describe('moderation of votes with text', () => {
  it('keeps a vote with text pending and uncounted until customer service approves it', async () => {
    const p = freshProduct();
    const c = await buyer('votes-pending', [p]);
    const res = await as<{ voteDetails: VoteDetails }>(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 4,
      title: 'Ottimo',
      comment: 'Lo ricomprerò.',
    });
    expect(res.body.data.voteDetails).toMatchObject({ status: 'pending', active: false, approvalDate: null });
    expect(res.body.response.infosMessage[0]).toMatch(/dopo la verifica/);
    expect((await summaryOf(p, c.token)).total).toBe(0);

    const queue = await staff<{ data: AdminVote[]; total: number }>(
      moderator,
      'GET',
      `/admin/votes?productId=${p.productId}`,
    );
    expect(queue.body.data.total).toBe(1);
    expect(queue.body.data.data[0]).toMatchObject({
      id: res.body.data.voteDetails.voteId,
      productName: p.name,
      customerFirstName: 'Test',
      status: 'pending',
      title: 'Ottimo',
      comment: 'Lo ricomprerò.',
    });
    expect(JSON.stringify(queue.body.data)).not.toContain(c.email);

    const voteId = res.body.data.voteDetails.voteId;
    const approved = await staff<{ data: AdminVote }>(moderator, 'POST', `/admin/votes/${voteId}/approve`);
    expect(approved.body.response.status).toBe(0);
    expect(approved.body.data.data.status).toBe('approved');
    const s = await summaryOf(p, c.token);
    expect(s.total).toBe(1);
    expect(starsOf(s)).toEqual([0, 0, 0, 1, 0]);
    expect(s.avg).toBe(4);
    const bought = await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`);
    expect(bought.body.data.voteDetails).toMatchObject({ status: 'approved', active: true });
    expect(bought.body.data.voteDetails?.approvalDate).toMatch(/^\d{4}-/);

    // decided once: approving again does not count it twice
    const twice = await staff(moderator, 'POST', `/admin/votes/${voteId}/approve`);
    expect(twice.body.response.status).not.toBe(0);
    expect(errorText(twice.body)).toBe('Questo voto è già stato approvato o rifiutato.');
    expect((await summaryOf(p, c.token)).total).toBe(1);

    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM admin_audit
          WHERE resource = 'votes' AND resource_id = ${String(voteId)} AND action = 'approve' AND allowed`,
    );
    expect(audit?.n).toBe(1);
  });

  it('rejects with a reason: never counted, and the customer reads state and reason', async () => {
    const p = freshProduct();
    const c = await buyer('votes-rejected', [p]);
    const res = await as<{ voteDetails: VoteDetails }>(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 1,
      comment: 'Testo non pertinente',
    });
    const voteId = res.body.data.voteDetails.voteId;
    for (const reason of [undefined, '', 'no', 'x'.repeat(501)]) {
      const bad = await staff(
        moderator,
        'POST',
        `/admin/votes/${voteId}/reject`,
        reason === undefined ? {} : { reason },
      );
      expect(bad.statusCode).toBe(400);
      expect(errorText(bad.body)).toBe('Scrivi il motivo del rifiuto (da 3 a 500 caratteri).');
    }
    const rejected = await staff<{ data: AdminVote }>(moderator, 'POST', `/admin/votes/${voteId}/reject`, {
      reason: 'Il commento non parla del prodotto.',
    });
    expect(rejected.body.data.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Il commento non parla del prodotto.',
    });
    expect((await summaryOf(p, c.token)).total).toBe(0);
    const bought = await as<Bought>(c.token, 'GET', `/rank/product/${p.productId}/bought`);
    expect(bought.body.data.voteDetails).toMatchObject({
      status: 'rejected',
      active: false,
      approvalDate: null,
      rejectionReason: 'Il commento non parla del prodotto.',
    });
    const voted = await as<UserVotes>(c.token, 'GET', '/rank/list-user-votes?list_type=voted');
    expect(voted.body.data.listType).toBe('voted');
    if (voted.body.data.listType !== 'voted') return;
    expect(voted.body.data.votes).toHaveLength(1);
    expect(voted.body.data.votes[0]).toMatchObject({
      voteId,
      name: p.name,
      status: 'rejected',
      rejectionReason: 'Il commento non parla del prodotto.',
    });
    // and approving it afterwards is refused
    expect((await staff(moderator, 'POST', `/admin/votes/${voteId}/approve`)).body.response.status).not.toBe(
      0,
    );
    expect((await summaryOf(p, c.token)).total).toBe(0);
  });

  it('answers not found for an unknown vote id, and changes nothing', async () => {
    for (const path of ['/admin/votes/2147483647/approve', '/admin/votes/2147483647/reject']) {
      const res = await staff(
        moderator,
        'POST',
        path,
        path.endsWith('reject') ? { reason: 'Motivo valido' } : undefined,
      );
      expect(res.body.response.status, path).not.toBe(0);
      expect(errorText(res.body)).toBe('Voto non trovato.');
    }
  });

  it("refuses staff roles without the permission (403), and customers reach no one else's vote", async () => {
    const p = freshProduct();
    const c = await buyer('votes-roles', [p]);
    const res = await as<{ voteDetails: VoteDetails }>(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 2,
      title: 'Così così',
    });
    const voteId = res.body.data.voteDetails.voteId;
    expect((await staff(picker, 'GET', '/admin/votes')).statusCode).toBe(403);
    expect((await staff(picker, 'POST', `/admin/votes/${voteId}/approve`)).statusCode).toBe(403);
    expect(
      (await staff(picker, 'POST', `/admin/votes/${voteId}/reject`, { reason: 'Motivo' })).statusCode,
    ).toBe(403);
    // a customer session is not a back-office session
    expect((await callAs(t.app, c.token, 'POST', `${API}/admin/votes/${voteId}/approve`)).statusCode).toBe(
      401,
    );
    // another customer sees only their own (empty) vote and cannot vote in their place
    const other = await newCustomer(t, { tag: 'votes-other' });
    const theirs = await as<Bought>(other.token, 'GET', `/rank/product/${p.productId}/bought`);
    expect(theirs.body.data).toEqual({ buyed: false, voteDetails: null });
    const list = await as<UserVotes>(other.token, 'GET', '/rank/list-user-votes?list_type=voted');
    expect(list.body.data.listType === 'voted' && list.body.data.votes).toEqual([]);
    const still = await staff<{ data: AdminVote[] }>(
      moderator,
      'GET',
      `/admin/votes?productId=${p.productId}`,
    );
    expect(still.body.data.data.map((v) => v.status)).toEqual(['pending']);
  });
});

describe('list-user-votes', () => {
  it('lists received products not voted yet, newest delivery first, each once, 24 per page by default', async () => {
    const [a, b, d] = [freshProduct(), freshProduct(), freshProduct()];
    const c = await newCustomer(t, { tag: 'votes-list' });
    // a came in both orders (the latest is the newer one), b in the older one only
    const first = await placeOrder(t, {
      userId: c.userId,
      status: 8,
      lines: [
        { product: a, quantity: 1 },
        { product: b, quantity: 2 },
      ],
    });
    const second = await placeOrder(t, { userId: c.userId, status: 9, lines: [{ product: a, quantity: 1 }] });
    // not received: still being prepared
    await placeOrder(t, { userId: c.userId, status: 6, lines: [{ product: d, quantity: 1 }] });
    await t.db.execute(
      sql`UPDATE orders SET updated_at = now() - interval '2 days' WHERE order_id = ${first.orderId}`,
    );
    await t.db.execute(
      sql`UPDATE orders SET updated_at = now() - interval '1 day' WHERE order_id = ${second.orderId}`,
    );

    const res = await as<UserVotes>(c.token, 'GET', '/rank/list-user-votes');
    expect(res.body.response.status).toBe(0);
    const data = res.body.data;
    expect(data.listType).toBe('to-vote');
    if (data.listType !== 'to-vote') return;
    expect(data.products.map((x) => x.productId)).toEqual([a.productId, b.productId]);
    expect(data.page).toEqual({ selPage: 1, totPages: 1, totItems: 2, itemsPerPage: 24 });
    expect(data.products[0]).toMatchObject({ name: a.name, slug: expect.any(String) });
    expect(data.products[0]?.product?.productId).toBe(a.productId);

    await as(c.token, 'POST', `/rank/product/${b.productId}/vote`, { rating: 5 });
    const after = await as<UserVotes>(c.token, 'GET', '/rank/list-user-votes?list_type=to-vote&page_size=1');
    if (after.body.data.listType !== 'to-vote') throw new Error('to-vote expected');
    expect(after.body.data.products.map((x) => x.productId)).toEqual([a.productId]);
    expect(after.body.data.page).toEqual({ selPage: 1, totPages: 1, totItems: 1, itemsPerPage: 1 });
    const voted = await as<UserVotes>(c.token, 'GET', '/rank/list-user-votes?list_type=voted');
    if (voted.body.data.listType !== 'voted') throw new Error('voted expected');
    expect(voted.body.data.votes.map((v) => [v.productId, v.status])).toEqual([[b.productId, 'approved']]);
  });

  it.each(['list_type=all', 'page=0', 'page_size=101', 'page_size=abc'])('refuses %s', async (q) => {
    const c = await newCustomer(t, { tag: 'votes-list-bad' });
    const res = await as(c.token, 'GET', `/rank/list-user-votes?${q}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(LEAKS);
  });
});

describe('concurrency', () => {
  it('counts every vote when several customers vote one product at the same time', async () => {
    const p = freshProduct();
    const voters = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => buyer(`votes-race-${i}`, [p])));
    const answers = await Promise.all(
      voters.map((c, i) => as(c.token, 'POST', `/rank/product/${p.productId}/vote`, { rating: (i % 5) + 1 })),
    );
    expect(answers.map((r) => r.body.response.status)).toEqual([0, 0, 0, 0, 0, 0]);
    const s = await summaryOf(p, voters[0]?.token ?? '');
    expect(s.total).toBe(6);
    expect(starsOf(s)).toEqual([2, 1, 1, 1, 1]);
  });

  it('counts one vote once when the same customer sends it twice at the same time', async () => {
    const p = freshProduct();
    const c = await buyer('votes-race-same', [p]);
    const answers = await Promise.all(
      [4, 2].map((rating) => as(c.token, 'POST', `/rank/product/${p.productId}/vote`, { rating })),
    );
    expect(answers.map((r) => r.body.response.status).filter((s) => s === 0)).toHaveLength(1);
    expect((await summaryOf(p, c.token)).total).toBe(1);
  });

  it('counts an approved vote once when two members approve it at the same time', async () => {
    const p = freshProduct();
    const c = await buyer('votes-race-approve', [p]);
    const res = await as<{ voteDetails: VoteDetails }>(c.token, 'POST', `/rank/product/${p.productId}/vote`, {
      rating: 3,
      comment: 'Buono',
    });
    const supervisor = await makeStaff(
      t,
      (await newCustomer(t, { tag: 'votes-sup' })).userId,
      [],
      'supervisor',
    );
    const answers = await Promise.all(
      [moderator, supervisor].map((token) =>
        staff(token, 'POST', `/admin/votes/${res.body.data.voteDetails.voteId}/approve`),
      ),
    );
    expect(answers.map((r) => r.body.response.status).filter((s) => s === 0)).toHaveLength(1);
    expect((await summaryOf(p, c.token)).total).toBe(1);
  });
});
