import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The journeys of the servers serve-all.mjs starts after the shop's (the app build's, the payments'): the run
 * begins as soon as the shop's server answers and these journeys come last, so each of their workers first
 * waits, once, until its project's server answers (at most as long as a server's start on a loaded machine).
 */
export const test = base.extend<object, { projectServerAnswers: void }>({
  projectServerAnswers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the pattern
    async ({}, use, workerInfo) => {
      const url = new URL('/ebsn/api/version.json', workerInfo.project.use.baseURL).href;
      const until = Date.now() + 240_000;
      for (;;) {
        const ok = await fetch(url).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > until) throw new Error(`${url} did not answer within 240 s`);
        await new Promise((resolveWait) => setTimeout(resolveWait, 250));
      }
      await use();
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
});
