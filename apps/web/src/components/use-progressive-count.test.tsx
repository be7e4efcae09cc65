import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  it('renders the first batch at once, then one more batch per commit up to the total', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useProgressiveCount(30, 12);
      seen.push(count);
      return count;
    });
    expect(seen[0]).toBe(12);
    await waitFor(() => expect(result.current).toBe(30));
    // 12, 24, 30: never a jump from the first batch to everything
    expect([...new Set(seen)]).toEqual([12, 24, 30]);
  });

  it('a list shorter than a batch is whole at once; a list that shrinks shows what is left', () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, 12), {
      initialProps: { total: 5 },
    });
    expect(result.current).toBe(5);
    rerender({ total: 3 });
    expect(result.current).toBe(3);
  });
});
