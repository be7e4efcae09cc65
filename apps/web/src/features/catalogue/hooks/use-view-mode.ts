import { useCallback, useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';

/** Product card mode: grid or list, remembered in localStorage, default list (spec section 2). */
export type ViewMode = 'grid' | 'list';
export const DEFAULT_VIEW_MODE: ViewMode = 'list';

const listeners = new Set<() => void>();
const read = (): ViewMode =>
  readJson<unknown>(STORAGE_KEYS.productViewMode, DEFAULT_VIEW_MODE) === 'grid' ? 'grid' : 'list';

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.productViewMode) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore(subscribe, read, () => DEFAULT_VIEW_MODE);
  const setMode = useCallback((next: ViewMode) => {
    writeJson(STORAGE_KEYS.productViewMode, next);
    for (const l of listeners) l();
  }, []);
  return [mode, setMode];
}
