import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// In Node, 'react-router/dom' resolves to the CJS build and 'react-router' too, but not to the same
// module instance as the app's imports; the tests take both from 'react-router'.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { CookieConsentSlot } from '../features/account/components/cookie-consent-slot';
import { routes } from '../app/routes';

/** Renders the real routes with the real providers and the cookie banner at `path` (fetch is mocked by the test). */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      {/* a React root of its own in main.tsx */}
      <CookieConsentSlot />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
