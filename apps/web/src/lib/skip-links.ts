import { useEffect, useSyncExternalStore } from 'react';

/**
 * The skip links a page adds to the layout's own (decision 069): a product listing's "Vai ai risultati",
 * which jumps over the filters to its results' heading (`SKIP_TARGET_IDS`).
 */
export type SkipTarget = 'results';

/** The element each skip link moves the focus to. */
export const SKIP_TARGET_IDS: Record<SkipTarget, string> = { results: 'risultati' };

type Listener = () => void;
let targets: readonly SkipTarget[] = [];
const listeners = new Set<Listener>();

function set(next: readonly SkipTarget[]) {
  targets = next;
  for (const l of listeners) l();
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => targets;

/** The skip links the page shown asks for (the layout's skip links). */
export function useSkipTargets(): readonly SkipTarget[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** A page's part declares its skip link while it is mounted. */
export function useSkipTarget(target: SkipTarget): void {
  useEffect(() => {
    set([...targets, target]);
    return () => {
      const i = targets.indexOf(target);
      if (i >= 0) set([...targets.slice(0, i), ...targets.slice(i + 1)]);
    };
  }, [target]);
}
