import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { REQUEST_OVERLAY_DELAY_MS } from './config';
import { apiRequest } from './http';
import { isRequestOverlayShown, pendingRequests, requestEnded, requestStarted } from './pending-requests';
import { RequestOverlay } from '../components/request-overlay';

// The request overlay of spec section 4: shown while pending requests exceed 0 (every request of the HTTP
// client, a slow listing too), from a short delay on; the count never drops below 0.

const ok = (data: unknown) =>
  new Response(JSON.stringify({ response: { status: 0 }, user: { userId: -1 }, data }), { status: 200 });

afterEach(() => vi.useRealTimers());

describe('request overlay', () => {
  it('counts every request of the HTTP client: a slow listing shows the overlay until it is answered', async () => {
    vi.useFakeTimers();
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(<RequestOverlay />);
    const listing = apiRequest('/products', { query: { parent_category_id: 3, page: 1 } });
    expect(pendingRequests()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(REQUEST_OVERLAY_DELAY_MS - 1);
    });
    expect(screen.queryByRole('progressbar', { name: 'Caricamento in corso…' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('progressbar', { name: 'Caricamento in corso…' })).toBeInTheDocument();
    await act(async () => {
      answer(ok({ products: [] }));
      await listing;
    });
    expect(pendingRequests()).toBe(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a quick answer never shows it', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({})),
    );
    await apiRequest('/category', { query: { slug: 'frutta' } });
    vi.advanceTimersByTime(REQUEST_OVERLAY_DELAY_MS * 2);
    expect(isRequestOverlayShown()).toBe(false);
  });

  it('the count never drops below 0', () => {
    vi.useFakeTimers();
    requestEnded();
    requestStarted();
    requestStarted();
    requestEnded();
    expect(pendingRequests()).toBe(1);
    vi.advanceTimersByTime(REQUEST_OVERLAY_DELAY_MS);
    expect(isRequestOverlayShown()).toBe(true);
    requestEnded();
    requestEnded();
    expect(pendingRequests()).toBe(0);
    expect(isRequestOverlayShown()).toBe(false);
  });
});
