import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n';
import { resetToasts } from '../components/toast-store';
import { resetAuthState } from '../lib/auth-state';

// lazy route modules load through dynamic imports: on a busy 2-core CI machine that can take seconds
configure({ asyncUtilTimeout: 10_000 });

// The DOM is happy-dom's (vite.config.ts): a 1024 × 768 window whose media queries answer as a desktop browser's
// would (`(min-width: 960px)` matches), with no layout (every size is 0).

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
