import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noteAnswerCopy, resetStoredCopies } from '../lib/offline-copy';
import { STORED_AT_HEADER } from '../lib/offline-texts';
import { ageText, OfflineCopyNotice } from './offline-copy-notice';

/** Offline, the cart and the lists show how old the service worker's stored copy is (decision 055). */
afterEach(() => resetStoredCopies());

describe('OfflineCopyNotice', () => {
  it('appears when the answer came from the stored copy, with its age, and goes with a fresh answer', () => {
    render(<OfflineCopyNotice path="/cart/view" />);
    expect(screen.queryByRole('status')).toBeNull();
    const stored = new Date(Date.now() - 5 * 60_000).toISOString();
    act(() =>
      noteAnswerCopy('/ebsn/api/cart/view?show_sectors=true', new Headers({ [STORED_AT_HEADER]: stored })),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Dati di 5 minuti fa, sei offline');
    // another path's copy does not concern this page
    act(() => noteAnswerCopy('/ebsn/api/wishlist/list', new Headers({ [STORED_AT_HEADER]: stored })));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => noteAnswerCopy('/ebsn/api/cart/view', new Headers()));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the age in Italian', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(ageText(now - 20_000, now)).toBe('pochi istanti fa');
    expect(ageText(now - 60_000, now)).toBe('1 minuto fa');
    expect(ageText(now - 3 * 3_600_000, now)).toBe('3 ore fa');
    expect(ageText(now - 26 * 3_600_000, now)).toBe('ieri');
  });
});
