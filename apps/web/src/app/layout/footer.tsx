import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { openCookiePreferences } from '../../lib/cookie-consent';

export function Footer() {
  const { t } = useTranslation();
  const links = [
    { to: '/page/credits', label: t('footer.credits') },
    { to: '/cart', label: t('footer.cart') },
    { to: '/login', label: t('footer.login') },
  ];
  return (
    <Box component="footer" sx={{ bgcolor: '#1c2b1e', color: '#f1f5f1', mt: 6, py: 4 }}>
      <Container maxWidth="xl">
        <Box component="nav" aria-label={t('footer.links')}>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}
          >
            {links.map((l) => (
              <li key={l.to}>
                <Link
                  component={RouterLink}
                  to={l.to}
                  sx={{ color: '#ffffff', display: 'inline-block', py: 0.5, textDecoration: 'underline' }}
                >
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                component="button"
                type="button"
                onClick={openCookiePreferences}
                sx={{
                  color: '#ffffff',
                  display: 'inline-block',
                  py: 0.5,
                  textDecoration: 'underline',
                  font: 'inherit',
                }}
              >
                {t('footer.cookies')}
              </Link>
            </li>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ mt: 2, color: '#dfe8df' }} data-testid="footer-odbl">
          {t('footer.odbl')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, color: '#dfe8df' }}>
          {t('footer.illustrations')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 2, color: '#dfe8df' }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
