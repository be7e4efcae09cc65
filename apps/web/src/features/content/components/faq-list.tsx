import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SafeHtml } from './safe-html';
import '../i18n';

interface FaqItem {
  question: string;
  answerHtml: string;
  /** question and answer, lower case without accents, for the search */
  haystack: string;
}
interface FaqGroup {
  title: string;
  items: FaqItem[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The FAQ page's text as groups (h2) of questions (h3) with their answers (what follows, to the next heading). */
export function parseFaq(html: string): FaqGroup[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const groups: FaqGroup[] = [];
  let group: FaqGroup | null = null;
  let item: FaqItem | null = null;
  for (const node of Array.from(doc.body.children)) {
    const tag = node.tagName.toLowerCase();
    if (tag === 'h2') {
      group = { title: node.textContent?.trim() ?? '', items: [] };
      groups.push(group);
      item = null;
    } else if (tag === 'h3') {
      if (!group) {
        group = { title: '', items: [] };
        groups.push(group);
      }
      item = { question: node.textContent?.trim() ?? '', answerHtml: '', haystack: '' };
      group.items.push(item);
    } else if (item) {
      item.answerHtml += node.outerHTML;
    }
  }
  for (const g of groups)
    for (const i of g.items)
      i.haystack = fold(
        `${i.question} ${new DOMParser().parseFromString(i.answerHtml, 'text/html').body.textContent ?? ''}`,
      );
  return groups;
}

/** Grouped questions that open one by one (details/summary), with a search over questions and answers. */
export function FaqList({ html }: { html: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const groups = useMemo(() => parseFaq(html), [html]);
  const words = fold(q).split(/\s+/).filter(Boolean);
  const shown = groups
    .map((g) => ({ ...g, items: g.items.filter((i) => words.every((w) => i.haystack.includes(w))) }))
    .filter((g) => g.items.length > 0);
  const count = shown.reduce((n, g) => n + g.items.length, 0);
  return (
    <div className="faq">
      <div className="faq-search">
        <label htmlFor={`${id}-q`}>{t('content.faq.search')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-describedby={`${id}-help`}
          autoComplete="off"
        />
        <small id={`${id}-help`}>{t('content.faq.searchHelp')}</small>
      </div>
      <p role="status" className="faq-count">
        {words.length > 0
          ? count > 0
            ? t('content.faq.results', { count })
            : t('content.faq.none', { q: q.trim() })
          : ''}
      </p>
      {shown.map((g) => (
        <section key={g.title} className="faq-group">
          {g.title ? <h2>{g.title}</h2> : null}
          {g.items.map((i) => (
            <details key={i.question} open={words.length > 0} className="faq-item">
              <summary>{i.question}</summary>
              <div className="faq-answer">
                <SafeHtml html={i.answerHtml} />
              </div>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
