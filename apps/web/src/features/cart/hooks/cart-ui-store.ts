import { useSyncExternalStore } from 'react';
import type { Product } from '@spesa/shared/contracts/catalogue';
import type { CartStoreChange } from '@spesa/shared/contracts/cart';

/**
 * What the cart shows above the page, outside React (the flows that change the cart are plain functions):
 * the drawer, the popup of messages whose code is in
 * SHOW_IN_POPUP_CODES, the one question dialog open at a time (options, promotion, removal, typed
 * quantity, empty cart), and the report of a change of store or service (decision 095). A question is a promise: the dialog host resolves it when the dialog closes.
 * The cart host (mounted by the header's cart button) renders all of them.
 */
export type CartQuestion =
  | { kind: 'options'; product: Product; resolve: (params: Record<string, string> | null) => void }
  | { kind: 'promo'; product: Product; resolve: (usePromo: boolean | null) => void }
  | { kind: 'remove'; name: string; resolve: (ok: boolean) => void }
  | { kind: 'empty'; resolve: (ok: boolean) => void }
  | { kind: 'type'; product: Product; quantity: number; resolve: (quantity: number | null) => void };

export interface CartUiState {
  drawerOpen: boolean;
  /** texts shown in the popup (codes of SHOW_IN_POPUP_CODES) */
  popup: readonly string[] | null;
  question: CartQuestion | null;
  /** what a change of store or service did to the cart's lines, and the store that now prepares it */
  storeChange: StoreChangeReport | null;
}

export interface StoreChangeReport {
  change: CartStoreChange;
  storeName: string;
}

type Listener = () => void;
const INITIAL: CartUiState = { drawerOpen: false, popup: null, question: null, storeChange: null };
let state: CartUiState = INITIAL;
const listeners = new Set<Listener>();

function set(patch: Partial<CartUiState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const openCartDrawer = () => set({ drawerOpen: true });
export const closeCartDrawer = () => set({ drawerOpen: false });

export function showCartPopup(texts: readonly string[]): void {
  if (texts.length === 0) return;
  set({ popup: [...(state.popup ?? []), ...texts.filter((t) => !state.popup?.includes(t))] });
}
export const closeCartPopup = () => set({ popup: null });

/** Shows the report of a change of store (a later change replaces it); nothing when no line changed. */
export function showStoreChange(report: StoreChangeReport): void {
  const { unavailable, reduced, repriced } = report.change;
  if (unavailable.length + reduced.length + repriced.length === 0) return;
  set({ storeChange: report });
}
export const closeStoreChange = () => set({ storeChange: null });

type Unresolved = CartQuestion extends infer Q
  ? Q extends CartQuestion
    ? Omit<Q, 'resolve'>
    : never
  : never;

function ask<R>(question: Unresolved, cancelled: R): Promise<R> {
  // a question still open is answered "no" (one dialog at a time)
  answerQuestion(cancelled);
  return new Promise<R>((resolve) => {
    set({ question: { ...question, resolve } as CartQuestion });
  });
}

export const askOptions = (product: Product) =>
  ask<Record<string, string> | null>({ kind: 'options', product }, null);
export const askPromo = (product: Product) => ask<boolean | null>({ kind: 'promo', product }, null);
export const askRemove = (name: string) => ask<boolean>({ kind: 'remove', name }, false);
export const askEmpty = () => ask<boolean>({ kind: 'empty' }, false);
export const askQuantity = (product: Product, quantity: number) =>
  ask<number | null>({ kind: 'type', product, quantity }, null);

/** Closes the open question with its answer (null / false: cancelled). */
export function answerQuestion(value: unknown): void {
  const q = state.question;
  if (!q) return;
  set({ question: null });
  (q.resolve as (v: unknown) => void)(value);
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => state;

export function useCartUi(): CartUiState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function getCartUi(): CartUiState {
  return state;
}

/** Tests start with nothing open. */
export function resetCartUi(): void {
  state = INITIAL;
  for (const l of listeners) l();
}
