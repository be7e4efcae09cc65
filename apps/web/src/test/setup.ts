import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '../lib/i18n';
import { resetToasts } from '../lib/toast-store';
import { resetAuthState } from '../lib/auth-state';
import { clearResponseCache } from '../lib/response-cache';
import { resetPendingRequests } from '../lib/pending-requests';

// lazy route modules load through dynamic imports: on a busy 2-core CI machine that can take seconds
configure({ asyncUtilTimeout: 10_000 });

// The DOM is happy-dom's (vite.config.ts): a 1024 × 768 window whose media queries answer as a desktop browser's
// would (`(min-width: 960px)` matches), with no layout (every size is 0).

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetToasts();
  resetAuthState();
  // each test meets a fresh page: no kept answer, no request on its way
  clearResponseCache();
  resetPendingRequests();
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

// A text key without an Italian text: the customer would read the raw key ("account.menu.xHelp"). Keys asked
// with a default value (`t(key, { defaultValue })`) are not missing. The key fails the test that rendered it.
const missingKeys = new Set<string>();
i18n.options.saveMissing = true;
i18n.options.saveMissingPlurals = false;
i18n.options.missingKeyHandler = (_lngs, _ns, key, _fallback, _update, options) => {
  if ((options as { defaultValue?: unknown } | undefined)?.defaultValue === undefined) missingKeys.add(key);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const warnings = actWarnings.splice(0);
  const keys = [...missingKeys];
  missingKeys.clear();
  if (warnings.length > 0) throw new Error(`React updated outside act(): ${warnings.join(' · ')}`);
  if (keys.length > 0) throw new Error(`Texts missing from the locale files: ${keys.join(', ')}`);
});
