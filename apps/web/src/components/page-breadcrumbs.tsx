import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export interface Crumb {
  label: string;
  to?: string;
}

/** Home › … › current page (the last crumb is not a link and carries aria-current). */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('app.home'), to: '/' }, ...items];
  return (
    <Breadcrumbs
      aria-label={t('category.breadcrumbs')}
      sx={{ my: 2, '& li': { minHeight: 24, display: 'inline-flex', alignItems: 'center' } }}
    >
      {all.map((c, i) =>
        i < all.length - 1 && c.to ? (
          <Link
            key={i}
            component={RouterLink}
            to={c.to}
            color="inherit"
            sx={{ textDecoration: 'underline', py: 0.25 }}
          >
            {c.label}
          </Link>
        ) : (
          <Typography key={i} color="text.primary" aria-current="page">
            {c.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
