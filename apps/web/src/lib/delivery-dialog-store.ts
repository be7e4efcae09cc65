import { useSyncExternalStore } from 'react';

/**
 * Which delivery dialog is open (the address selector or the time-slot picker) and what comes next: the
 * chain of spec section 4, "address choice can lead to timeslot choice; timeslot choice can lead to address
 * choice, repeated until assigned". The header's service indicator mounts the dialogs. The element that
 * opened the first dialog gets the focus back when the chain ends, even after one dialog handed over to
 * the other (the dialogs themselves do not restore focus).
 */
export type DeliveryDialog = 'address' | 'timeslot';
export interface DeliveryDialogState {
  open: DeliveryDialog | null;
  /** true: keep going (address then slot, or slot then address) until both are chosen */
  chain: boolean;
  /** the address selector opened from the slot picker goes back to it after a choice */
  returnTo: DeliveryDialog | null;
  /** the Drive tab, the home tab... to show first (a service id) */
  serviceId: number | null;
}

type Listener = () => void;
const CLOSED: DeliveryDialogState = { open: null, chain: false, returnTo: null, serviceId: null };
let state: DeliveryDialogState = CLOSED;
let opener: HTMLElement | null = null;
const listeners = new Set<Listener>();

function set(next: DeliveryDialogState) {
  state = next;
  for (const l of listeners) l();
}

function rememberOpener() {
  if (state.open !== null) return; // a hand-over inside the chain keeps the first opener
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  opener = active instanceof HTMLElement && active !== document.body ? active : null;
}

export function openAddressSelector(
  options: { chain?: boolean; returnTo?: DeliveryDialog | null; serviceId?: number | null } = {},
): void {
  rememberOpener();
  set({
    open: 'address',
    chain: options.chain ?? true,
    returnTo: options.returnTo ?? null,
    serviceId: options.serviceId ?? null,
  });
}

export function openTimeslotPicker(options: { chain?: boolean } = {}): void {
  rememberOpener();
  set({ open: 'timeslot', chain: options.chain ?? true, returnTo: null, serviceId: null });
}

/** Ends the chain; the focus goes back to what opened it. */
export function closeDeliveryDialog(): void {
  const back = opener;
  opener = null;
  set(CLOSED);
  if (back) {
    // after the dialog has left the DOM (its focus trap is gone)
    setTimeout(() => {
      if (back.isConnected) back.focus();
    }, 0);
  }
}

export function getDeliveryDialogState(): DeliveryDialogState {
  return state;
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => state;

export function useDeliveryDialog(): DeliveryDialogState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Tests start with every dialog closed. */
export function resetDeliveryDialogs(): void {
  opener = null;
  set(CLOSED);
}
