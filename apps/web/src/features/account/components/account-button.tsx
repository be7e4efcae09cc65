import { Suspense } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { useTranslation } from '../../../lib/i18n';
import { Icon } from '../../../components/icons';
import { useAuth } from '../../../lib/use-auth';
import { closeLoginDialog, openLoginDialog, useLoginDialogRequest } from '../../../lib/login-dialog-store';
import { useSessionReset } from '../hooks/use-session-reset';

const loadLoginDialog = () => import('./login-dialog');
const LoginDialog = lazyWithMuiTheme(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
// the signed-in menu (MUI Menu) is a chunk of its own: an anonymous first visit never downloads MUI for it
const ProfileMenuButton = lazyWithMuiTheme(() =>
  import('./profile-menu-button').then((m) => ({ default: m.ProfileMenuButton })),
);

/**
 * The header's account button (a lazy chunk of the layout). Anonymous: "Accedi" opens the login dialog,
 * whose code loads on the first press (or on hover/focus, a head start). Signed in: the first name and the
 * profile menu of spec section 2. The anonymous buttons are plain elements with layout.css, as the header
 * around them (MUI here put the MUI chunk on every first visit's way).
 */
export function AccountButton() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const request = useLoginDialogRequest();
  useSessionReset();

  const preload = () => void loadLoginDialog();
  return (
    <>
      {status === 'authenticated' ? (
        <Suspense fallback={<AccountButtons label={t('account.header.myAccount')} />}>
          <ProfileMenuButton firstName={user?.firstName ?? ''} />
        </Suspense>
      ) : (
        <AccountButtons
          label={t('header.login')}
          onClick={() => openLoginDialog()}
          onPreload={preload}
          popup="dialog"
        />
      )}
      {request ? (
        <Suspense fallback={null}>
          <LoginDialog redirectTo={request.redirectTo} onClose={closeLoginDialog} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The text button (from md up) and the icon button (phones) of the header's account control. */
function AccountButtons({
  label,
  onClick,
  onPreload,
  popup,
}: {
  label: string;
  onClick?: () => void;
  onPreload?: () => void;
  popup?: 'dialog';
}) {
  return (
    <>
      <button
        type="button"
        className="btn only-md-up"
        onClick={onClick}
        onPointerEnter={onPreload}
        onFocus={onPreload}
        aria-haspopup={popup}
      >
        <Icon name="person" />
        {label}
      </button>
      <button
        type="button"
        className="icon-btn only-below-md"
        aria-label={label}
        onClick={onClick}
        aria-haspopup={popup}
      >
        <Icon name="person" />
      </button>
    </>
  );
}
