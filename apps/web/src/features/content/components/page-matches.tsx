import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from 'react-router';
import { callWp } from '../../../lib/wp-http';
import { htmlToText } from './safe-html';
import '../i18n';
import './page-matches.css';

/** The content store's pages matching a search (the general search; its products are the listing's). */
export function PageMatches({ q }: { q: string }) {
  const { t } = useTranslation();
  const found = useQuery({
    queryKey: ['content', 'search-pages', q],
    queryFn: ({ signal }) =>
      callWp('GET /p/wp-json/spesa/v1/search', { query: { s: q, per_page: 1 } }, { signal }).then(
        ({ data }) => data,
      ),
    enabled: q.length >= 2,
  });
  const pages = found.data?.pages ?? [];
  if (pages.length === 0) return null;
  return (
    <nav className="page-matches" aria-label={t('content.search.label')}>
      <p>{t('content.search.intro')}</p>
      <ul>
        {pages.slice(0, 5).map((p) => (
          <li key={p.id}>
            <RouterLink to={p.link}>{htmlToText(p.title.rendered)}</RouterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
