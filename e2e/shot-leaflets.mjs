import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const [path, name] = [process.argv[2], process.argv[3]];
for (const w of [390, 1366]) {
  const ctx = await b.newContext({ viewport: { width: w, height: 1000 } });
  await ctx.addCookies([]);
  const p = await ctx.newPage();
  await p.goto('http://localhost:8103' + path);
  await p.waitForTimeout(1500);
  const accept = p.getByRole('button', { name: 'Accetta tutti' });
  if (await accept.isVisible()) await accept.click();
  await p.waitForTimeout(3000);
  await p.screenshot({ path: `/tmp/leaflets-${name}-${w}.png`, fullPage: false });
  await ctx.close();
}
await b.close();
