import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.body.innerHTML = '';
  vi.resetModules();
});

/** app-shell.tsx reads the server's hero when it is first imported, as it is before React's first render. */
async function importWithHtml(html: string) {
  document.body.innerHTML = html;
  const module = await import('./app-shell');
  document.body.innerHTML = '';
  return module;
}

describe('AppShell', () => {
  it("keeps the home's first banner that the server wrote into the HTML (decision 022)", async () => {
    const { AppShell } = await importWithHtml(
      '<div class="shell-hero"><picture><source media="(max-width: 599px)" srcset="/media/m.svg">' +
        '<img src="/media/d.svg" alt="Spesa online"></picture></div>',
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

  it('shows no hero on the other pages', async () => {
    const { AppShell } = await importWithHtml('<div class="shell"></div>');
    const { container } = render(<AppShell />);
    expect(container.querySelector('.shell-logo')).not.toBeNull();
    expect(container.querySelector('.shell-hero')).toBeNull();
  });
});
