import './prefetch-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import './app/shell.css';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { needsReload, startAppFreshness } from './lib/app-freshness';

const router = createBrowserRouter(routes);
startAppFreshness();
// a new release or a long idle time: the next page change loads the new page afresh from the server
let shownKey = router.state.location.key;
router.subscribe((state) => {
  if (state.location.key === shownKey) return;
  shownKey = state.location.key;
  if (needsReload()) window.location.reload();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
