import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render now: `step` at first, then `step` more after each commit (in a
 * task of its own, as a transition), up to `total`. Each render and each commit stays short, so a list of a
 * hundred cards never blocks the main thread in one long task (its commit and the browser's style and layout
 * of ~2,000 elements were one), and every item is in the page a few frames later: for screen readers and the
 * browser's find too, unlike a list that waits for the customer to scroll.
 */
export function useProgressiveCount(total: number, step: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
