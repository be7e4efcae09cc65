import { defineConfig, devices } from '@playwright/test';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_LAUNCH } from './support/chromium';
import { shiftToRomeTime } from './support/clock.mjs';

// Journeys run against the production build served by the real server (scripts/start.mjs) on a fresh,
// freshly seeded embedded database (see support/serve.mjs), in Debian's Chromium (Playwright downloads none).
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const isCI = !!process.env.CI;
// the app build (decision 055) is served by a server of its own: `*.app.spec.ts` journeys run against it
const appPort = Number(process.env.E2E_APP_PORT ?? port + 1);
const appBaseURL = process.env.E2E_APP_BASE_URL ?? `http://127.0.0.1:${appPort}`;
// one clock for both servers (serve.mjs): computed once per run and inherited by the workers, so the web and the
// app server, started seconds or a build apart, read the same time (the authenticator codes follow it)
const clockAt = process.env.E2E_SERVER_CLOCK ?? '09:00';
process.env.E2E_RUN_CLOCK_SHIFT_MS ??= String(/^\d{2}:\d{2}$/.test(clockAt) ? shiftToRomeTime(clockAt) : 0);
/** with E2E_BASE_URL (servers already running) the app journeys run only when E2E_APP_BASE_URL names one */
const withApp = !process.env.E2E_BASE_URL || !!process.env.E2E_APP_BASE_URL;
const APP_SPECS = /\.app\.spec\.ts$/;
// the payment journeys (decision 086) run against a server of their own whose cards and Satispay go through the
// providers' stand-ins: on the shared server the sandbox keeps every payment type and the demo banner
const paymentsPort = Number(process.env.E2E_PAYMENTS_PORT ?? port + 2);
const paymentsBaseURL = process.env.E2E_PAYMENTS_BASE_URL ?? `http://127.0.0.1:${paymentsPort}`;
const withPayments = !process.env.E2E_BASE_URL || !!process.env.E2E_PAYMENTS_BASE_URL;
const PAYMENT_SPECS = /\.payments\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: resolve(root, 'var/e2e-results'),
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  // a whole journey (register, confirm by mail, sign in, edit the profile...) on a 2-core machine whose speed
  // varies twofold from day to day: the budget is for the journey, each step still waits at most 10 s
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? resolve(root, 'var/test-results/playwright.json'),
      },
    ],
  ],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // a failed journey keeps its trace (actions, DOM snapshots, network, console) without the screencast: its
    // frames, encoded all through every journey, took a quarter of the run's time on this 2-core machine
    // (decision 009); the failure's own screenshot is kept below
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // the shop's service worker (decision 055) is exercised by app-build.spec, which allows it; the other
    // journeys test the features over the network, without its caches between a write and the next read
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [APP_SPECS, PAYMENT_SPECS],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
    ...(withApp
      ? [
          {
            name: 'app',
            testMatch: APP_SPECS,
            use: { ...devices['Pixel 7'], baseURL: appBaseURL, launchOptions: CHROMIUM_LAUNCH },
          },
        ]
      : []),
    ...(withPayments
      ? [
          {
            name: 'payments',
            testMatch: PAYMENT_SPECS,
            use: { ...devices['Desktop Chrome'], baseURL: paymentsBaseURL, launchOptions: CHROMIUM_LAUNCH },
          },
        ]
      : []),
  ],
  // E2E_BASE_URL points the journeys at a server that is already running (no web server started then).
  // Otherwise serve-all.mjs starts the three servers, each on a copy of one database prepared for the run: the
  // shop's web build (baseURL), whose answer starts the journeys; then the app build (appBaseURL, built with
  // `build:app` if missing) and the web build with the payment providers' stand-ins (paymentsBaseURL), on the
  // CPU the journeys leave idle: their journeys come last and wait for them (support/started-servers.ts).
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node support/serve-all.mjs',
        cwd: here,
        wait: { stdout: /\[e2e servers\] ready/ },
        reuseExistingServer: false,
        // the three servers' budgets of when they started one by one (240 + 300 + 240 s): builds a missing
        // front end, prepares the database, starts the shop's server (seen past 300 s on this machine under load)
        timeout: 780_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        env: {
          E2E_PORT: String(port),
          E2E_APP_PORT: String(appPort),
          E2E_PAYMENTS_PORT: String(paymentsPort),
        },
      },
});
