import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

/** app-shell.tsx reads the server's first view when it is first imported, as it is before React's first render. */
async function importWithHtml(html: string) {
  document.body.innerHTML = html;
  const module = await import('./app-shell');
  document.body.innerHTML = '';
  return module;
}

describe('AppShell', () => {
  it("keeps the home's first banner that the server wrote into the HTML (decision 022)", async () => {
    const { AppShell } = await importWithHtml(
      '<div class="shell"><div class="shell-view shell-hero"><picture>' +
        '<source media="(max-width: 599px)" srcset="/media/m.svg" width="600" height="400">' +
        '<img src="/media/d.svg" width="1200" height="400" alt="Spesa online"></picture></div></div>',
    );
    const { container } = render(<AppShell />);
    const img = container.querySelector('.shell-hero img');
    expect(img?.getAttribute('src')).toBe('/media/d.svg');
    expect(img?.getAttribute('alt')).toBe('Spesa online');
    expect(img?.getAttribute('width')).toBe('1200');
    const source = container.querySelector('.shell-hero source');
    expect(source?.getAttribute('srcset')).toBe('/media/m.svg');
    expect(source?.getAttribute('media')).toBe('(max-width: 599px)');
  });

  it("keeps a content page's text that the server wrote, out of reach of keyboard and screen reader (decision 060)", async () => {
    const { AppShell } = await importWithHtml(
      '<div class="shell"><article class="shell-view shell-page"><div class="shell-title">Condizioni</div>' +
        '<div class="shell-body"><p>Testo <a href="/page/contatti">Contatti</a></p></div></article></div>',
    );
    const { container } = render(<AppShell />);
    const shell = container.querySelector('.shell');
    expect(shell?.getAttribute('aria-hidden')).toBe('true');
    expect(shell?.hasAttribute('inert')).toBe(true);
    expect(container.querySelector('.shell-page .shell-title')?.textContent).toBe('Condizioni');
    expect(container.querySelector('.shell-page a')?.getAttribute('href')).toBe('/page/contatti');
  });

  it('shows no first view on the other pages', async () => {
    const { AppShell } = await importWithHtml('<div class="shell"></div>');
    const { container } = render(<AppShell />);
    expect(container.querySelector('.shell-logo')).not.toBeNull();
    expect(container.querySelector('.shell-view')).toBeNull();
  });
});
