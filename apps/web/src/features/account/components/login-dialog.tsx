import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { showToast } from '../../../lib/toast-store';
import { TOAST_MS } from '../../../lib/config';
import { focusWhenShown } from '../../../lib/focus';
import { ACCOUNT_MENU_BUTTON } from './profile-menu-button-selector';
import { safeRedirect } from '../utils/safe-redirect';
import { LoginForm } from './login-form';

/** Maximum width of the login dialog (spec sections 2 and 9: default 600). */
export const LOGIN_DIALOG_MAX_WIDTH = 600;

/**
 * The login dialog (spec section 2), a lazy chunk loaded when the header's button is pressed. Success
 * closes it (optionally going to `redirectTo`); failures stay inside. Focus is trapped while open and goes
 * back to the button on close (MUI Dialog), or to the account button that replaces it after a sign-in.
 */
export function LoginDialog({
  redirectTo,
  onClose,
}: {
  redirectTo?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: fullScreen ? undefined : LOGIN_DIALOG_MAX_WIDTH } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <DialogTitle id={titleId} component="h2" sx={{ flex: 1, fontSize: 22 }}>
          {t('account.login.dialogTitle')}
        </DialogTitle>
        <IconButton onClick={onClose} aria-label={t('account.login.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent sx={{ pt: 1 }}>
        <LoginForm
          headingId={titleId}
          onNavigate={onClose}
          onSuccess={(user) => {
            onClose();
            showToast(
              t('account.login.welcome', { name: user.person.firstName || user.email }),
              'success',
              TOAST_MS,
            );
            if (redirectTo) void navigate(safeRedirect(redirectTo));
            // the header's "Accedi" that opened the dialog is replaced by the account button: it takes the
            // focus (an opener still there, e.g. a product's "Aggiungi", gets it back from the dialog)
            else focusWhenShown(ACCOUNT_MENU_BUTTON);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
