import { SNACKBAR_LEAVE_MS, SNACKBAR_MAX, SNACKBAR_MS } from './config';

/**
 * A tiny toast / snackbar store outside React (the HTTP client shows messages too).
 * At most SNACKBAR_MAX at once (the oldest leaves first), each for its own duration. A dismissed one is
 * marked leaving (it fades out) and removed SNACKBAR_LEAVE_MS later (the leave fallback, spec section 9).
 */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  duration: number;
  leaving?: boolean;
}

type Listener = () => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!toasts.some((t) => t.id === id && !t.leaving)) return;
  toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, SNACKBAR_LEAVE_MS);
}

export function showToast(
  message: string,
  severity: ToastSeverity = 'info',
  duration: number = SNACKBAR_MS,
): number {
  // the same text already on screen is not repeated (e.g. parallel calls failing together)
  const same = toasts.find((t) => t.message === message && t.severity === severity && !t.leaving);
  if (same) return same.id;
  const toast: Toast = { id: nextId++, message, severity, duration };
  toasts = [...toasts, toast];
  const shown = toasts.filter((t) => !t.leaving);
  for (const old of shown.slice(0, Math.max(0, shown.length - SNACKBAR_MAX))) dismissToast(old.id);
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), duration),
  );
  emit();
  return toast.id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Tests: start from an empty stack. */
export function resetToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toasts = [];
  emit();
}
