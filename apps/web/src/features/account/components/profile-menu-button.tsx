import { useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import { showToast } from '../../../lib/toast-store';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { TOAST_MS } from '../../../lib/config';
import { useUnreadNotifications } from '../../notifications/api/get-unread-count';
import { logout } from '../../../lib/logout';
import { UnreadMark } from './unread-mark';
import { ACCOUNT_MENU_ATTRIBUTE } from './profile-menu-button-selector';
import { PROFILE_DATA_PAGES } from '../utils/profile-menu';

/** the pages of the customer area the header's menu links to directly */
const HEADER_MENU_KEYS = ['data', 'notifications', 'lists', 'addresses', 'services', 'help'];
const buttonSx = { display: { xs: 'none', md: 'inline-flex' }, minHeight: 44 } as const;
const iconSx = { display: { xs: 'inline-flex', md: 'none' }, width: 44, height: 44 } as const;

/** The signed-in customer's header button and profile menu (spec section 2); lazy, from account-button.tsx. */
export function ProfileMenuButton({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const label = firstName ? t('account.header.hello', { name: firstName }) : t('account.header.myAccount');
  const close = () => setAnchor(null);
  const unread = useUnreadNotifications(true);
  const unreadText = unread > 0 ? t('account.menu.unread', { count: unread }) : '';
  // the badge only with messages to read: a hidden "0" would still be text the button's name lacks
  const person =
    unread > 0 ? (
      <Badge
        badgeContent={unread}
        max={99}
        color="error"
        slotProps={{ badge: { 'aria-hidden': true } as object }}
      >
        <PersonOutline />
      </Badge>
    ) : (
      <PersonOutline />
    );

  async function signOut() {
    close();
    await logout().catch(() => undefined);
    showToast(t('account.header.loggedOut'), 'success', TOAST_MS);
    if (location.pathname.startsWith('/profile') || location.pathname === '/dashboard') void navigate('/');
  }

  const trigger = {
    [ACCOUNT_MENU_ATTRIBUTE]: '',
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  };
  return (
    <>
      <Button color="inherit" startIcon={person} sx={{ ...buttonSx, textTransform: 'none' }} {...trigger}>
        {label}
        {unreadText && <VisuallyHidden>, {unreadText}</VisuallyHidden>}
      </Button>
      <IconButton sx={iconSx} aria-label={unreadText ? `${label}, ${unreadText}` : label} {...trigger}>
        {person}
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={close}>
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          {t('account.menu.profile')}
        </MenuItem>
        {PROFILE_DATA_PAGES.filter((item) => HEADER_MENU_KEYS.includes(item.key)).map((item) => (
          <MenuItem key={item.key} component={RouterLink} to={item.to} onClick={close}>
            {t(item.label)}
            {item.key === 'notifications' && unreadText && <UnreadMark text={unreadText} />}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => void signOut()}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {t('account.menu.logout')}
          </Box>
        </MenuItem>
      </Menu>
    </>
  );
}
