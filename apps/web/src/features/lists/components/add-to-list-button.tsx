import { Suspense, useEffect, useState } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { useTranslation } from '../../../lib/i18n';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { getAuthState } from '../../../lib/auth-state';
import { useAuth } from '../../../lib/use-auth';
import { openLoginDialog, useLoginDialogRequest } from '../../../lib/login-dialog-store';
import './add-to-list-button.css';

// the selector (MUI dialog, list calls, the lists' texts) loads on the first press: cards stay light
const ListSelectorDialog = lazyWithMuiTheme(() => import('./list-selector-dialog'));

/** The FavoriteBorder icon of @mui/icons-material, inline. */
function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.34h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05" />
    </svg>
  );
}

/** Opens the selector once the customer signed in; drops it when the login dialog is closed without. */
function AfterLogin({ onSignedIn, onGaveUp }: { onSignedIn: () => void; onGaveUp: () => void }) {
  const { status } = useAuth();
  const loginRequest = useLoginDialogRequest();
  useEffect(() => {
    if (status === 'authenticated') onSignedIn();
    else if (loginRequest === null) onGaveUp();
  }, [status, loginRequest, onSignedIn, onGaveUp]);
  return null;
}

/**
 * "Aggiungi a una lista" (a heart): a signed-in customer chooses a list (or creates one) in a lazy dialog;
 * an anonymous visitor signs in first, as for the cart, and the selector opens afterwards.
 */
export function AddToListButton({
  product,
  variant = 'page',
}: {
  product: Product;
  variant?: 'card' | 'page';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [waitingLogin, setWaitingLogin] = useState(false);
  const card = variant === 'card';

  return (
    <>
      <button
        type="button"
        className={card ? 'atl-btn atl-btn--card' : 'atl-btn'}
        aria-label={t('product.addToListLabel', { name: product.name })}
        aria-haspopup="dialog"
        onClick={() => {
          if (getAuthState().status === 'authenticated') {
            setOpen(true);
            return;
          }
          setWaitingLogin(true);
          openLoginDialog();
        }}
      >
        <HeartIcon />
        {card ? null : t('product.addToList')}
      </button>
      {waitingLogin ? (
        <AfterLogin
          onSignedIn={() => {
            setWaitingLogin(false);
            setOpen(true);
          }}
          onGaveUp={() => setWaitingLogin(false)}
        />
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ListSelectorDialog product={product} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
