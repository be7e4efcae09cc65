import { LRUCache } from 'lru-cache';

/**
 * Product and category illustrations: a Fluent Emoji Flat icon (MIT) centred on a rounded square card
 * tinted with the department colour (decision 004). Inputs are checked strictly; rendered SVGs are
 * remembered in memory (a few hundred distinct icon/tint pairs in the demo). The icon set (a 9 MB JSON file) and
 * @iconify/utils are loaded on the first card drawn, not at every process's start.
 */
export const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TINT = /^[0-9a-fA-F]{6}$/;
export const DEFAULT_TINT = 'f3f4f6';
const CARD = 256;
const PADDING = 40;

const rendered = new LRUCache<string, string>({ max: 2000 });

/** The SVG card, or null when the icon does not exist or the tint is not 6 hex digits. */
export async function renderIconCard(name: string, tint: string = DEFAULT_TINT): Promise<string | null> {
  if (name.length > 80 || !ICON_NAME.test(name) || !TINT.test(tint)) return null;
  const bg = tint.toLowerCase();
  const key = `${name}|${bg}`;
  const cached = rendered.get(key);
  if (cached) return cached;
  const [{ icons: fluentEmojiFlat }, { getIconData, iconToSVG }] = await Promise.all([
    import('@iconify-json/fluent-emoji-flat'),
    import('@iconify/utils'),
  ]);
  const data = getIconData(fluentEmojiFlat, name);
  if (!data) return null;
  const icon = iconToSVG(data);
  const inner = CARD - 2 * PADDING;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD}" height="${CARD}" viewBox="0 0 ${CARD} ${CARD}" role="img">` +
    `<rect width="${CARD}" height="${CARD}" rx="40" ry="40" fill="#${bg}"/>` +
    `<svg x="${PADDING}" y="${PADDING}" width="${inner}" height="${inner}" viewBox="${icon.attributes.viewBox}">${icon.body}</svg>` +
    `</svg>`;
  rendered.set(key, svg);
  return svg;
}
