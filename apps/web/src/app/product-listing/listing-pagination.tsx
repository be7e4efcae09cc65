import { useTranslation } from '../../lib/i18n';

type Item = number | 'first' | 'previous' | 'next' | 'last' | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The items MUI's usePagination shows (one boundary page, one sibling each side, first/last buttons). */
export function paginationItems(page: number, count: number): Item[] {
  const boundary = 1;
  const siblings = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(
    Math.min(page - siblings, count - boundary - siblings * 2 - 1),
    boundary + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(page + siblings, boundary + siblings * 2 + 2),
    endPages.length > 0 ? endPages[0]! - 2 : count - 1,
  );
  return [
    'first',
    'previous',
    ...startPages,
    ...(siblingsStart > boundary + 2
      ? (['start-ellipsis'] as const)
      : boundary + 1 < count - boundary
        ? [boundary + 1]
        : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundary - 1
      ? (['end-ellipsis'] as const)
      : count - boundary > boundary
        ? [count - boundary]
        : []),
    ...endPages,
    'next',
    'last',
  ];
}

const ARROWS = { first: '«', previous: '‹', next: '›', last: '»' } as const;

/** Page buttons of a listing (plain elements, product-listing.css): the same names as before. */
export function ListingPagination({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const target = { first: 1, previous: page - 1, next: page + 1, last: count } as const;
  const label = {
    first: 'listing.firstPage',
    previous: 'listing.previousPage',
    next: 'listing.nextPage',
    last: 'listing.lastPage',
  } as const;
  return (
    <nav aria-label={t('listing.pagination')} data-testid="pagination" className="listing-pagination">
      <ul>
        {paginationItems(page, count).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <button
                type="button"
                className="page-button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={
                  item === page ? t('listing.pageCurrent', { page: item }) : t('listing.page', { page: item })
                }
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            ) : item === 'start-ellipsis' || item === 'end-ellipsis' ? (
              <span className="page-ellipsis">…</span>
            ) : (
              <button
                type="button"
                className="page-button"
                aria-label={t(label[item])}
                disabled={item === 'first' || item === 'previous' ? page <= 1 : page >= count}
                onClick={() => onChange(target[item])}
              >
                <span aria-hidden="true">{ARROWS[item]}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
