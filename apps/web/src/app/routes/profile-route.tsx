import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';
import { ProfileNav } from '../../features/account/components/profile-nav';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useAuth } from '../../lib/use-auth';
import { PROFILE_DATA_PAGES } from '../../features/account/utils/profile-menu';

const DASHBOARD_PATHS = new Set(['/profile', '/profile/', '/profile/dashboard', '/dashboard']);

/** The customer area (/profile/*, /dashboard): signed-in customers only; the profile menu beside the page. */
export function ProfileLayoutRoute() {
  return (
    <RequireAuth>
      <ProfileLayout />
    </RequireAuth>
  );
}

function ProfileLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onDashboard = DASHBOARD_PATHS.has(pathname);
  // a page under a page of the menu (an order, a list, a receipt, an address) has its own link back to that
  // page: the phone's link back to the profile is then not shown beside it
  const nested = pathname.replace(/\/+$/, '').split('/').length > 3;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      {!onDashboard && !nested ? (
        <Link
          component={RouterLink}
          to="/profile"
          sx={{ display: { xs: 'inline-block', md: 'none' }, mb: 2, py: 1 }}
        >
          {t('account.menu.backToProfile')}
        </Link>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '260px 1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: { xs: onDashboard ? 'block' : 'none', md: 'block' }, order: { xs: 2, md: 0 } }}>
          <ProfileNav />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Container>
  );
}

/** /profile, /profile/dashboard, /dashboard: greeting and the pages of the customer area. */
export function ProfileDashboardRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('account.dashboard.title'));
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 34 }, mb: 1 }}>
        {user?.firstName
          ? t('account.dashboard.hello', { name: user.firstName })
          : t('account.dashboard.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('account.dashboard.text')}</Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {PROFILE_DATA_PAGES.map((item) => (
          <li key={item.key}>
            <Paper variant="outlined" sx={{ height: '100%' }}>
              <Link
                component={RouterLink}
                to={item.to}
                underline="none"
                sx={{ display: 'block', p: 2, height: '100%', color: 'text.primary' }}
              >
                <Typography
                  component="span"
                  sx={{ display: 'block', fontWeight: 500, color: 'primary.dark' }}
                >
                  {t(item.label)}
                </Typography>
                <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
                  {t(`${item.label}Help`)}
                </Typography>
              </Link>
            </Paper>
          </li>
        ))}
      </Box>
    </>
  );
}
