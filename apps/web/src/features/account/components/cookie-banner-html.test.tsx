import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import it_ from '../../../locales/it.json';
import '../../../lib/i18n';
import { CookieBanner } from './cookie-banner';
import { cookieBannerHtml } from './cookie-banner-html';

/** Tags, classes, button types and texts in document order: what the two banners must share. */
function shape(root: Element): string[] {
  return [root, ...root.querySelectorAll('*')].map(
    (el) =>
      `${el.tagName.toLowerCase()}.${el.className}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''}` +
      (el.children.length === 0 ? `: ${el.textContent}` : ''),
  );
}

describe("index.html's cookie banner (decision 024)", () => {
  it('has the elements, classes and texts of the app’s banner that takes its place', () => {
    const app = render(<CookieBanner onDone={() => undefined} />).container.firstElementChild!;
    const html = document.createElement('div');
    html.innerHTML = cookieBannerHtml(it_.cookies);
    expect(shape(html.firstElementChild!)).toEqual(shape(app));
  });

  it('names its region and text by its own ids, and gives each button the choice the page script reads', () => {
    const html = document.createElement('div');
    html.innerHTML = cookieBannerHtml({ ...it_.cookies, title: 'Cookie & <privacy>' });
    const section = html.querySelector('section')!;
    expect(html.querySelector(`#${section.getAttribute('aria-labelledby')}`)?.textContent).toBe(
      'Cookie & <privacy>',
    );
    expect(html.querySelector(`#${section.getAttribute('aria-describedby')}`)?.textContent).toBe(
      it_.cookies.text,
    );
    expect([...html.querySelectorAll('button')].map((b) => b.dataset.choice)).toEqual([
      'customise',
      'reject',
      'accept',
    ]);
  });
});
