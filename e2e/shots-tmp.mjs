import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:8097';
const sessions = JSON.parse(readFileSync('../var/e2e-state/staff-sessions.json', 'utf8'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const width of [390, 1366]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'it-IT' });
  await ctx.addCookies(sessions['negozio@spesa.demo']);
  const page = await ctx.newPage();
  for (const [name, path] of [['list', '/admin/self-scanning'], ['show', '/admin/self-scanning/13/show'], ['edit', '/admin/self-scanning/13']]) {
    await page.goto(base + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/smart2-${name}-${width}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
