import { describe, expect, it } from 'vitest';
import { isShopPath, resolveLink, type LinkRulesConfig, type ResolvedLink } from './links';

const config: LinkRulesConfig = {
  whitelistHosts: ['www.spesa.it', 'spesa.it'],
  isRoute: (path) => /^\/($|category\/|product\/|search$|page\/|cart$|login$)/.test(path),
};
const video = (href: string, id: string): ResolvedLink => ({
  kind: 'video',
  href,
  videoId: id,
  embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
});

describe('resolveLink', () => {
  it.each<[string | null, ResolvedLink]>([
    [null, { kind: 'none' }],
    ['  ', { kind: 'none' }],
    ['/category/frutta', { kind: 'internal', to: '/category/frutta' }],
    ['/shop/category/frutta', { kind: 'internal', to: '/category/frutta' }],
    ['/shop', { kind: 'internal', to: '/' }],
    ['/shop?x=1', { kind: 'internal', to: '/?x=1' }],
    ['/shopping', { kind: 'document', href: '/shopping' }],
    ['/p/chi-siamo', { kind: 'document', href: '/p/chi-siamo' }],
    ['/shop/p/chi-siamo', { kind: 'document', href: '/p/chi-siamo' }],
    ['/photo/a.jpg', { kind: 'document', href: '/photo/a.jpg' }],
    ['/photo2/b.jpg', { kind: 'document', href: '/photo2/b.jpg' }],
    ['https://www.spesa.it/product/mele?x=1', { kind: 'internal', to: '/product/mele?x=1' }],
    ['https://SPESA.it/shop/search?q=latte', { kind: 'internal', to: '/search?q=latte' }],
    ['https://www.spesa.it/p/promo', { kind: 'document', href: '/p/promo' }],
    ['https://www.spesa.it/non-esiste', { kind: 'external', href: 'https://www.spesa.it/non-esiste' }],
    ['https://example.com/a', { kind: 'external', href: 'https://example.com/a' }],
    ['http://example.com', { kind: 'external', href: 'http://example.com/' }],
    ['//example.com/x', { kind: 'external', href: 'https://example.com/x' }],
    // a browser reads a backslash as a slash, and drops tabs and line breaks: these leave the site too
    ['/\\evil.example', { kind: 'external', href: 'https://evil.example/' }],
    ['/\\evil.example/x?y=1', { kind: 'external', href: 'https://evil.example/x?y=1' }],
    ['/\t/evil.example', { kind: 'external', href: 'https://evil.example/' }],
    ['/\n\\evil.example', { kind: 'external', href: 'https://evil.example/' }],
    ['/\\www.spesa.it/cart', { kind: 'internal', to: '/cart' }],
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      video('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'),
    ],
    [
      'https://youtube.com/shorts/abcDEF12345',
      video('https://youtube.com/shorts/abcDEF12345', 'abcDEF12345'),
    ],
    [
      'https://www.youtube.com/embed/abcDEF12345',
      video('https://www.youtube.com/embed/abcDEF12345', 'abcDEF12345'),
    ],
    ['https://youtu.be/abcDEF12345?t=3', video('https://youtu.be/abcDEF12345?t=3', 'abcDEF12345')],
    ['https://www.youtube.com/channel/x', { kind: 'external', href: 'https://www.youtube.com/channel/x' }],
    ['mailto:info@spesa.it', { kind: 'document', href: 'mailto:info@spesa.it' }],
    ['javascript:alert(1)', { kind: 'none' }],
    ['not a url', { kind: 'document', href: 'not a url' }],
  ])('%s', (href, expected) => {
    expect(resolveLink(href, config)).toEqual(expected);
  });

  it('keeps a followed path on the site: what a router link opens is what the browser opens', () => {
    for (const href of ['//evil.example', '/\\evil.example', '/\t/evil.example', ' /\\/evil.example']) {
      const link = resolveLink(href, config);
      expect(link.kind, href).toBe('external');
      if (link.kind === 'external') expect(new URL(link.href).host).toBe('evil.example');
    }
  });

  it('routes every path when no route matcher is given', () => {
    expect(resolveLink('https://spesa.it/qualsiasi', { whitelistHosts: ['spesa.it'] })).toEqual({
      kind: 'internal',
      to: '/qualsiasi',
    });
  });
});

describe('isShopPath', () => {
  it.each<[string, boolean]>([
    ['/', true],
    ['/volantini', true],
    ['/category/frutta?x=1#y', true],
    ['/a\\b', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/\t/evil.example', false],
    ['/ volantini', false],
    ['volantini', false],
    ['https://evil.example', false],
    ['', false],
  ])('%j → %s', (path, ok) => {
    expect(isShopPath(path)).toBe(ok);
  });
});
