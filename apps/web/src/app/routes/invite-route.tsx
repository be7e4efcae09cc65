import { useEffect } from 'react';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { INVITE_PROGRAMME, normaliseInviteCode } from '@spesa/shared/loyalty/invite';
import { useDocumentTitle } from '../../components/use-document-title';
import { ProfileSection } from '../../features/account/components/profile-section';
import { openLoginDialog } from '../../lib/login-dialog-store';
import { useAuth } from '../../lib/use-auth';
import '../../features/loyalty/i18n';
import { pendingInviteCode } from '../../features/loyalty/api/invite';
import { InvitePage } from '../../features/loyalty/components/invite-page';

/** /profile/invite (optional ?codice=): "Invita un amico", inside the guarded customer area (decision 045). */
export function InviteRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <ProfileSection title={t('account.menu.invite')} intro={t('account.menu.inviteHelp')}>
      <InvitePage initialCode={normaliseInviteCode(params.get('codice') ?? '')} />
    </ProfileSection>
  );
}

/**
 * /invito/:code, the link a customer sends to a friend: what the friend gets, and the way in. A signed-in
 * visitor goes straight to the invite page with the code; a visitor keeps the code in this browser while
 * they register or sign in.
 */
export function InviteLandingRoute() {
  const { t } = useTranslation();
  const { code: raw } = useParams();
  const code = normaliseInviteCode(raw ?? '');
  const { status } = useAuth();
  useDocumentTitle(t('loyalty.invite.landing.title'));
  useEffect(() => {
    if (code) pendingInviteCode.keep(code);
  }, [code]);
  const target = code ? `/profile/invite?codice=${encodeURIComponent(code)}` : '/profile/invite';
  if (status === 'authenticated') return <Navigate to={target} replace />;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t('loyalty.invite.landing.title')}
      </Typography>
      {code ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {t('loyalty.invite.landing.offer', { percent: INVITE_PROGRAMME.discountPercent })}
          </Typography>
          <Typography sx={{ mb: 3 }}>
            {t('loyalty.invite.landing.code')} <strong data-testid="landing-code">{code}</strong>
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('loyalty.invite.landing.how')}</Typography>
        </>
      ) : (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('loyalty.invite.landing.badCode')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/registration-user" variant="contained">
          {t('loyalty.invite.landing.register')}
        </Button>
        <Button variant="outlined" onClick={() => openLoginDialog({ redirectTo: target })}>
          {t('loyalty.invite.landing.login')}
        </Button>
      </Box>
    </Container>
  );
}
