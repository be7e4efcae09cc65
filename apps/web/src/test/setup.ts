import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n';
import { resetToasts } from '../components/toast-store';
import { resetAuthState } from '../lib/auth-state';

// lazy route modules load through dynamic imports: on a busy 2-core CI machine that can take seconds
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs used by MUI and embla
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetToasts();
  resetAuthState();
});

// React's "An update to X inside a test was not wrapped in act(...)": the test asserted, or ended, while the app
// was still changing, so what it checked may not be what a customer sees. The warning fails the test that caused it.
const actWarnings: string[] = [];
const printError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const message = format(...args);
  if (message.includes('not wrapped in act(')) actWarnings.push(message.split('\n')[0]!);
  printError(...args);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const warnings = actWarnings.splice(0);
  if (warnings.length > 0) throw new Error(`React updated outside act(): ${warnings.join(' · ')}`);
});
