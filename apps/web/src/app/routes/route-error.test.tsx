import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { RouteError } from './route-error';

/** A page whose code cannot load: offline, the customer reads why (decision 055). */
const failingPage = () =>
  createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteError,
        loader: () => {
          throw new TypeError('Failed to fetch dynamically imported module');
        },
        Component: () => null,
      },
    ],
    { initialEntries: ['/'] },
  );

afterEach(() => vi.restoreAllMocks());

describe('RouteError', () => {
  it('offline: "Sei offline" and what still works', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<RouterProvider router={failingPage()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sei offline' })).toBeInTheDocument();
    expect(screen.getByText(/il carrello, le liste e le pagine già visitate sì/)).toBeInTheDocument();
  });

  it('online: the generic error', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<RouterProvider router={failingPage()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Si è verificato un errore' })).toBeInTheDocument();
  });
});
