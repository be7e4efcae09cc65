import { prefetchForLocation } from './lib/prefetch';

// Imported first by main.tsx: the landing page's API calls start before the rest of the entry runs, in
// parallel with the lazy layout and page chunks.
prefetchForLocation(window.location);
