import { useSyncExternalStore } from 'react';

/**
 * Opens the login dialog from anywhere (header button, "Accedi" links of other pages). The dialog itself
 * is mounted by the header's account button and loaded on the first open.
 */
export interface LoginDialogRequest {
  /** where to go after signing in (a path of the shop) */
  redirectTo?: string | undefined;
}

type Listener = () => void;
let request: LoginDialogRequest | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

export function openLoginDialog(next: LoginDialogRequest = {}): void {
  request = next;
  emit();
}

export function closeLoginDialog(): void {
  request = null;
  emit();
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => request;

export function useLoginDialogRequest(): LoginDialogRequest | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
