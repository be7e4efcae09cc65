import { useCallback, useRef, useState, type KeyboardEvent } from 'react';

/**
 * Roving focus for a group of custom radios (address rows, slot grid): one tab stop for the group, the
 * arrow keys move the focus (Left/Right by one, Up/Down by a row of `columns`), Home/End to the ends, and
 * Space or Enter chooses. The arrows only move: here choosing saves to the cart and closes the dialog, so
 * unlike native radios, moving must not choose. Disabled items can be focused (their state is announced).
 */
export function useRovingFocus<T>({
  items,
  activeIndex,
  onChoose,
  columns = 1,
}: {
  items: readonly T[];
  /** the item that holds the tab stop at first (the selected one), -1 for the first */
  activeIndex: number;
  onChoose: (item: T, index: number) => void;
  columns?: number;
}) {
  const refs = useRef<(HTMLElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const count = items.length;
  const current =
    focusIndex !== null && focusIndex < count
      ? focusIndex
      : activeIndex >= 0 && activeIndex < count
        ? activeIndex
        : 0;

  const move = useCallback((to: number) => {
    setFocusIndex(to);
    refs.current[to]?.focus();
  }, []);

  const itemProps = (index: number) => ({
    ref: (el: HTMLElement | null) => {
      refs.current[index] = el;
    },
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setFocusIndex(index),
    onClick: () => {
      const item = items[index];
      if (item !== undefined) onChoose(item, index);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      let to: number | null = null;
      if (e.key === 'ArrowRight') to = Math.min(count - 1, index + 1);
      else if (e.key === 'ArrowLeft') to = Math.max(0, index - 1);
      else if (e.key === 'ArrowDown') to = index + columns < count ? index + columns : index;
      else if (e.key === 'ArrowUp') to = index - columns >= 0 ? index - columns : index;
      else if (e.key === 'Home') to = 0;
      else if (e.key === 'End') to = count - 1;
      else if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        const item = items[index];
        if (item !== undefined) onChoose(item, index);
        return;
      }
      if (to !== null) {
        e.preventDefault();
        move(to);
      }
    },
  });

  return { itemProps };
}
