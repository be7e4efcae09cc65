/**
 * Writes the banner SVGs of the demo content to apps/api/media/banners/ (committed assets).
 * Run once after changing banners.ts:  npx tsx apps/api/src/db/seed/make-banners.ts
 * Illustrations: Microsoft Fluent Emoji (flat) from @iconify-json/fluent-emoji-flat, MIT licence.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getIconData, iconToSVG } from '@iconify/utils';
import { allBanners, renderBannerSvg } from './banners';
import { stripIconPrefix, type RawTaxonomy } from './taxonomy';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '../../../media/banners');
const dataDir = join(here, '../../../../../data/demo');

async function main(): Promise<void> {
  const require = createRequire(import.meta.url);
  const icons = JSON.parse(
    await readFile(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
  ) as Parameters<typeof getIconData>[0];
  const taxonomy = JSON.parse(await readFile(join(dataDir, 'categories-it.json'), 'utf8')) as RawTaxonomy;
  const departments = taxonomy.departments.map((d) => ({
    slug: d.slug,
    name: d.name,
    icon: stripIconPrefix(d.icon) ?? 'shopping-cart',
  }));
  await mkdir(outDir, { recursive: true });
  let total = 0;
  for (const b of allBanners(departments)) {
    const data = getIconData(icons, b.icon);
    if (!data) throw new Error(`unknown icon ${b.icon}`);
    // one icon per file: its ids cannot clash (the banner's own gradient is 'banner-bg')
    const body = iconToSVG(data).body;
    const svg = renderBannerSvg(b, body);
    if (svg.length > 30_000) throw new Error(`${b.file} is ${svg.length} bytes`);
    await writeFile(join(outDir, b.file), svg);
    total++;
  }
  console.log(`wrote ${total} banners to ${outDir}`);
}

await main();
