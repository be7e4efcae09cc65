import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { showToast } from '../../../lib/toast-store';
import { TOAST_MS } from '../../../lib/config';
import { useUnreadNotifications } from '../../notifications/api/get-unread-count';
import { logout } from '../../../lib/logout';
import { UnreadMark } from './unread-mark';
import { PROFILE_DATA_PAGES } from '../utils/profile-menu';

const linkSx = {
  display: 'block',
  px: 1.5,
  py: 1.25,
  borderRadius: 1,
  color: 'text.primary',
  textDecoration: 'none',
  '&:hover': { bgcolor: 'action.hover' },
  '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 500 },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
} as const;

/** The profile menu of spec section 2, as the customer area's navigation. */
export function ProfileNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadNotifications(true);
  return (
    <Box component="nav" aria-label={t('account.menu.label')}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <li>
          <Box component={NavLink} to="/profile" end sx={linkSx}>
            {t('account.menu.profile')}
          </Box>
        </li>
        {PROFILE_DATA_PAGES.map((item) => (
          <li key={item.key}>
            <Box component={NavLink} to={item.to} sx={linkSx}>
              {t(item.label)}
              {item.key === 'notifications' && unread > 0 && (
                <UnreadMark text={t('account.menu.unread', { count: unread })} />
              )}
            </Box>
          </li>
        ))}
      </Box>
      <Button
        variant="outlined"
        sx={{ mt: 2, ml: 1.5 }}
        onClick={() => {
          void logout()
            .catch(() => undefined)
            .then(() => {
              showToast(t('account.header.loggedOut'), 'success', TOAST_MS);
              return navigate('/');
            });
        }}
      >
        {t('account.menu.logout')}
      </Button>
    </Box>
  );
}
