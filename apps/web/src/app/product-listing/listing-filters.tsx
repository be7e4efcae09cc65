import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
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
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {subcategories?.length ? (
        <Box component="nav" aria-label={t('listing.subcategories')}>
          <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
            {t('listing.subcategories')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {subcategories.map((c) => (
              <li key={c.categoryId}>
                <Chip
                  component={RouterLink}
                  to={paths.category(c.slug)}
                  clickable
                  label={c.productCount != null ? `${c.name} (${c.productCount})` : c.name}
                  variant="outlined"
                  sx={{ minHeight: 32, borderColor: 'grey.500' }}
                />
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      {facets
        .filter((f) => f.values.length > 0)
        .map((facet) => (
          <Box component="fieldset" key={facet.parameterName} sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="h3" sx={{ mb: 0.5 }}>
              {facet.name}
            </Typography>
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
          </Box>
        ))}
      {hasActiveFilters(filters) ? (
        <Button
          variant="text"
          onClick={() => onChange({ sort: '', facets: [], promo: false, onlyNew: false })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('listing.clearFilters')}
        </Button>
      ) : null}
    </Box>
  );
}
