import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { Category, Facet } from '@spesa/shared/contracts/catalogue';
import {
  hasActiveFilters,
  toggleFacet,
  type FilterChange,
  type ListingFilters,
} from '../../features/catalogue/utils/listing-params';
import { paths } from '../../lib/route-paths';
import './listing-filters.css';

interface ListingFiltersProps {
  filters: ListingFilters;
  facets: readonly Facet[];
  subcategories?: readonly Category[] | undefined;
  onChange: (change: FilterChange) => void;
}

/** Subcategory chips (links: a category change starts without filters) and facet checkboxes. */
export function ListingFiltersPanel({ filters, facets, subcategories, onChange }: ListingFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="filters">
      {subcategories?.length ? (
        <nav aria-label={t('listing.subcategories')}>
          <h2 className="filters-heading">{t('listing.subcategories')}</h2>
          <ul className="subcategory-chips">
            {subcategories.map((c) => (
              <li key={c.categoryId}>
                <RouterLink to={paths.category(c.slug)} className="subcategory-chip">
                  {c.productCount != null ? `${c.name} (${c.productCount})` : c.name}
                </RouterLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {facets
        .filter((f) => f.values.length > 0)
        .map((facet) => (
          <fieldset key={facet.parameterName} className="facet-fieldset">
            <legend className="filters-heading">{facet.name}</legend>
            {/* native checkboxes: dozens of MUI Checkbox components cost a long task on a slow phone */}
            <div className="facet-options">
              {facet.values.map((v) => {
                // the API filters by "<parameterName>:<id>" tokens, e.g. facet=vendor:12
                const token = `${facet.parameterName}:${v.id}`;
                return (
                  <label key={v.id} className="facet-option">
                    <input
                      type="checkbox"
                      checked={filters.facets.includes(token)}
                      onChange={() => onChange({ facets: toggleFacet(filters.facets, token) })}
                    />
                    <span>{`${v.name} (${v.quantity})`}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      {hasActiveFilters(filters) ? (
        <button
          type="button"
          className="btn btn-text-primary filters-clear"
          onClick={() => onChange({ sort: '', facets: [], promo: false, onlyNew: false })}
        >
          {t('listing.clearFilters')}
        </button>
      ) : null}
    </div>
  );
}
