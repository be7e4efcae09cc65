import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn, registerConfirmedCustomer } from './account';

/**
 * Checkout and orders journeys (decision 019): a customer of their own per test (parallel runs, retries),
 * signed in through the API (the sign-in dialog has journeys of its own); the Drive store, the slot and the
 * cart are set through the API with the browser's own session (page.request shares the cookie), then the
 * journey uses the UI.
 */
export interface Envelope<T> {
  response: { status: number; errors: Array<{ error?: string }> };
  data: T;
}

export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res =
    method === 'GET'
      ? await request.get(`/ebsn/api${path}`)
      : await request.post(`/ebsn/api${path}`, data === undefined ? {} : { data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.response.status, `${method} ${path}: ${JSON.stringify(body.response.errors)}`).toBe(0);
  return body.data;
}

interface WireProduct {
  productId: number;
  name: string;
  available: number;
  maxAcq?: number;
  productInfos: Record<string, string>;
  selectOptions: unknown[];
  warehousePromo?: { selectable: boolean } | null;
}

/** Per warehouse: each store holds its own stock (decision 095), and misses some products the others have. */
const picked = new Map<number, { piece: WireProduct; loose: WireProduct }>();

/**
 * A plain piece product and a loose (variable-weight) one, found by their selling rules, in stock at the
 * request's cart's store (or at `warehouseId`).
 */
export async function findProducts(
  request: APIRequestContext,
  warehouseId?: number,
): Promise<{ piece: WireProduct; loose: WireProduct }> {
  const store =
    warehouseId ??
    (await call<{ warehouse: { warehouseId: number } }>(request, 'GET', '/cart/view')).warehouse.warehouseId;
  const known = picked.get(store);
  if (known) return known;
  const tree = await call<{
    categories: Array<{ categoryId: number; categories?: Array<{ categoryId: number }> }>;
  }>(request, 'GET', '/category');
  let piece: WireProduct | undefined;
  let loose: WireProduct | undefined;
  for (const c of tree.categories.flatMap((d) => d.categories ?? [d])) {
    const data = await call<{ products: WireProduct[] }>(
      request,
      'GET',
      `/products?parent_category_id=${c.categoryId}&page_size=100&warehouse_id=${store}`,
    );
    for (const p of data.products) {
      if (p.selectOptions.length > 0 || p.maxAcq !== undefined || p.warehousePromo?.selectable) continue;
      const info = p.productInfos;
      if (
        !piece &&
        info.TIPOLOGIA === 'Pezzo' &&
        (info.QTY_MULT ?? '1') === '1' &&
        (info.MINACQ ?? '1') === '1' &&
        p.available >= 50
      )
        piece = p;
      if (!loose && info.TIPOLOGIA === 'Sfuso' && info.WEIGHT_SELLING === '500' && p.available >= 20)
        loose = p;
    }
    if (piece && loose) break;
  }
  expect(piece, 'a piece product in the seed').toBeDefined();
  expect(loose, 'a loose product in the seed').toBeDefined();
  const found = { piece: piece!, loose: loose! };
  picked.set(store, found);
  return found;
}

interface Slot {
  timeslotId: number;
  active: number;
  status: string;
}

/** Where and how the cart is filled: a Drive store's warehouse (default the first store), substitutes accepted. */
export interface CartChoice {
  warehouseId?: number;
  /** home delivery to a new address in Como instead of a Drive store */
  home?: boolean;
  acceptAlternatives?: boolean;
}

/** Drive in the first store (or home delivery), the first slot that can be booked, a piece line and a loose line. */
export async function fillCart(page: Page, choice: CartChoice = {}): Promise<void> {
  const request = page.request;
  if (choice.home) {
    const saved = await call<{ address: { addressId: number } }>(request, 'POST', '/user-address/update', {
      addressName: 'Casa',
      receiverName: 'Cliente Prova',
      address1: 'Via Carlo Cattaneo',
      addressNumber: '5',
      postalcode: '22100',
      city: 'Como',
      province: 'CO',
      phone: '031 123456',
    });
    await call(request, 'POST', `/user-address/select?address_id=${saved.address.addressId}`);
  } else await selectDriveStore(page, choice);
  await bookFirstSlotAndAdd(page, choice);
}

async function selectDriveStore(page: Page, choice: CartChoice): Promise<void> {
  await chooseDriveStore(page.request, choice.warehouseId);
}

/** Drive at the store of `warehouseId` (default the first store listed), through the API. */
export async function chooseDriveStore(request: APIRequestContext, warehouseId?: number): Promise<void> {
  const list = await call<{ addresses: Array<{ addressId: number; warehouseId: number | null }> }>(
    request,
    'GET',
    '/user-address/delivery-service-list?delivery_service_id=1',
  );
  const store =
    warehouseId === undefined ? list.addresses[0] : list.addresses.find((a) => a.warehouseId === warehouseId);
  expect(store, 'a Drive store').toBeDefined();
  await call(request, 'POST', `/user-address/select?address_id=${store!.addressId}&delivery_service_id=1`);
}

async function bookFirstSlotAndAdd(page: Page, choice: CartChoice): Promise<void> {
  const request = page.request;
  await bookFirstSlot(request);
  const { piece, loose } = await findProducts(request);
  const infos = choice.acceptAlternatives ? { infos: { accept_alternatives: 'true' } } : {};
  await call(request, 'POST', '/cart/add', {
    items: [
      { productId: piece.productId, quantity: 3, ...infos },
      { productId: loose.productId, quantity: 1, weight: 1 },
    ],
  });
}

/** Books the first slot that can be booked for the cart's service and store, through the API. */
export async function bookFirstSlot(request: APIRequestContext): Promise<void> {
  const slots = await call<{ days: Array<{ dateIso: string; timeslots: Slot[] }> }>(
    request,
    'GET',
    '/timeslot/list',
  );
  let chosen: { date: string; slot: Slot } | null = null;
  for (const day of slots.days) {
    const slot = day.timeslots.find((s) => s.active >= 1);
    if (slot) {
      chosen = { date: day.dateIso, slot };
      break;
    }
  }
  expect(chosen, 'a free slot').not.toBeNull();
  await call(
    request,
    'GET',
    `/timeslot/select?sel_date=${chosen!.date}&timeslot_id=${chosen!.slot.timeslotId}`,
  );
}

/** A new customer, signed in, with a Drive store, a slot and two lines in the cart. */
export async function customerWithCart(
  page: Page,
  tag: string,
  choice: CartChoice = {},
): Promise<{ email: string; firstName: string }> {
  const customer = await registerConfirmedCustomer(page.request, tag);
  await openSignedIn(page, customer);
  await fillCart(page, choice);
  return { email: customer.email, firstName: customer.firstName };
}

/** The sandbox provider's hosted card page: fills the card and authorises (or declines). */
export async function payOnSandbox(page: Page, card: string): Promise<void> {
  await expect(page.getByLabel('Numero della carta')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Intestatario della carta').fill('Sara Ferrari');
  await page.getByLabel('Numero della carta').fill(card);
  await page.getByLabel('Scadenza (MM/AA)').fill('12/30');
  await page.getByLabel('Codice di sicurezza (CVC)').fill('123');
  await page.getByRole('button', { name: /^Autorizza/ }).click();
}

export const CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

/** Accepts the rules and confirms, keyboard only: Space on the rules, Tab to "Conferma e paga", Enter. */
export async function acceptAndConfirm(page: Page): Promise<void> {
  const rules = page.getByRole('checkbox', { name: /Ho letto e accetto le condizioni generali di vendita/ });
  await rules.focus();
  await page.keyboard.press('Space');
  await expect(rules).toBeChecked();
  await page.keyboard.press('Tab');
  const submit = page.getByRole('button', { name: 'Conferma e paga' });
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');
}

/**
 * Pays the cart at the checkout with the default card on the sandbox's page, and answers the new order's id
 * and its slot's day (where the back office lists it).
 */
export async function buyByCard(page: Page): Promise<{ orderId: number; day: string }> {
  await page.goto('/checkout');
  // the payment types load with the checkout; on the embedded database a catalogue change made meanwhile
  // (another journey's) can hold the answers a few seconds
  await expect(page.getByRole('radio', { name: /Carta di credito/ })).toBeChecked({ timeout: 30_000 });
  await acceptAndConfirm(page);
  await payOnSandbox(page, CARDS.success);
  await expect(page).toHaveURL(/\/checkout\/completed\/success\?order_id=\d+/, { timeout: 20_000 });
  const orderId = orderIdOf(page);
  const ordered = await call<{ data: { timeslot: { date: string } } }>(
    page.request,
    'GET',
    `/order/view?order_id=${orderId}`,
  );
  return { orderId, day: ordered.data.timeslot.date };
}

/** The order id of the completed page's address. */
export function orderIdOf(page: Page): number {
  const id = Number(new URL(page.url()).searchParams.get('order_id'));
  expect(id).toBeGreaterThan(0);
  return id;
}
