import { Fragment, type ReactNode } from 'react';
import { CONTENT_TEXT_TAGS } from '@spesa/shared/content/html-tags';
import { SmartLink } from './smart-link';

/**
 * Renders content-system HTML without dangerouslySetInnerHTML: the markup is parsed by the browser's
 * DOMParser (inert: no script runs, no resource loads) and rebuilt as React elements from an allow-list of
 * tags. Attributes are dropped, except link targets, which go through the link rules, and a table header's
 * scope.
 */
const ALLOWED: ReadonlySet<string> = new Set(CONTENT_TEXT_TAGS);

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = Array.from(el.childNodes).map((c, i) => convert(c, `${key}.${i}`));
  if (tag === 'script' || tag === 'style' || tag === 'iframe' || tag === 'object') return null;
  if (tag === 'a') {
    return (
      <SmartLink key={key} href={el.getAttribute('href')} className="content-link">
        {children}
      </SmartLink>
    );
  }
  if (tag === 'br') return <br key={key} />;
  if (tag === 'th') {
    const scope = el.getAttribute('scope');
    return (
      <th key={key} scope={scope === 'row' || scope === 'col' ? scope : undefined}>
        {children}
      </th>
    );
  }
  if (ALLOWED.has(tag)) {
    const Tag = tag as 'p';
    return <Tag key={key}>{children}</Tag>;
  }
  return <Fragment key={key}>{children}</Fragment>;
}

export function SafeHtml({ html }: { html: string | null | undefined }) {
  if (!html) return null;
  if (!/[<&]/.test(html)) return <>{html}</>;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <>{Array.from(doc.body.childNodes).map((n, i) => convert(n, String(i)))}</>;
}

/** Plain text of a small HTML fragment (promo headers and bubbles). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
