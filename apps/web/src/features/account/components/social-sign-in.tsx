import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { FormAlert } from '../../../components/form-alert';
import { API_BASE } from '../../../lib/config';
import { getAuthTest } from '../api/get-auth-test';
import { useFederationOptions } from '../api/get-federation-options';
import { accountKeys } from '../../../lib/account-keys';
import {
  pathAfterSignIn,
  providerKey,
  signInErrorKey,
  startSocialSignIn,
  type SignInResult,
} from '../utils/social-sign-in';

/**
 * The login dialog's other ways in (spec section 2; decision 054): the two social providers the server
 * offers (a 600×600 popup; the whole window when popups are blocked) and the partner companies' single
 * sign-on (the company's portal in the whole window). Nothing is shown when the server offers none.
 */
export function SocialSignIn({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const options = useFederationOptions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);

  const social = options.data?.social ?? [];
  const companies = options.data?.companies ?? [];
  if (social.length === 0 && companies.length === 0) return null;

  async function finish(result: SignInResult) {
    setWaitingFor(null);
    const path = pathAfterSignIn(result);
    if (!path) {
      setError(t(signInErrorKey(result.code)));
      return;
    }
    if (result.outcome === 'signedIn') {
      await getAuthTest().catch(() => false);
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    }
    onDone?.();
    void navigate(path);
  }

  return (
    <Box>
      <Divider sx={{ my: 3 }}>{t('account.login.or')}</Divider>
      {error ? <FormAlert messages={[error]} /> : null}
      {social.length > 0 ? (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {social.map(({ provider }) => (
              <Button
                key={provider}
                type="button"
                variant="outlined"
                aria-describedby={hintId}
                disabled={waitingFor !== null}
                onClick={() => {
                  setError(null);
                  setWaitingFor(provider);
                  stop.current();
                  stop.current = startSocialSignIn(provider, '/dashboard', (r) => void finish(r));
                }}
              >
                {t(`account.login.social.${provider}`)}
              </Button>
            ))}
          </Box>
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
            {waitingFor
              ? t('account.login.socialWaiting', { provider: t(providerKey(waitingFor)) })
              : t('account.login.socialPopupHint')}
          </Typography>
        </>
      ) : null}
      {companies.map((c) => (
        <Box key={c.slug} sx={{ mt: 2 }}>
          <Button
            component="a"
            href={`${API_BASE}/saml/do-login?${new URLSearchParams({ company: c.slug, relay_state_url: '/dashboard' }).toString()}`}
            variant="text"
            fullWidth
          >
            {t('account.login.company', { name: c.name })}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('account.login.companyHint')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
