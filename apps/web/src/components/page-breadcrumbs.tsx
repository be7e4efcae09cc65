import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../lib/i18n';
import './page-breadcrumbs.css';

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › … › current page (the last crumb is not a link and carries aria-current). Plain elements. */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('app.home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('category.breadcrumbs')} className="breadcrumbs">
      <ol>
        {all.map((c, i) => (
          <Fragment key={i}>
            {i > 0 ? (
              <li aria-hidden="true" className="crumb-separator">
                /
              </li>
            ) : null}
            <li>
              {i < all.length - 1 && c.to ? (
                <RouterLink to={c.to}>{c.label}</RouterLink>
              ) : (
                <span className="crumb-current" aria-current="page">
                  {c.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
