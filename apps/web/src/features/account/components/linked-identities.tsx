import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@spesa/shared/contracts/identity';
import { FormAlert } from '../../../components/form-alert';
import { PageLoading } from '../../../components/page-loading';
import { useLinkedIdentities } from '../api/get-linked-identities';
import { useSocialUnlink } from '../api/social-unlink';
import { providerKey } from '../utils/social-sign-in';
import { TIME_ZONE } from '@spesa/shared/time/rome';

/** The day an identity was linked, as the customer reads it (12/03/2027). */
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('it-IT', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

const isSocial = (p: string): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p);

/**
 * "Accessi collegati" (decision 054): the social accounts and company sign-ins linked to the account, each
 * social one with its unlink button; the server refuses to unlink the last way to sign in.
 */
export function LinkedIdentitiesPanel() {
  const { t } = useTranslation();
  const linked = useLinkedIdentities();
  const unlink = useSocialUnlink();
  if (linked.isPending) return <PageLoading />;
  if (linked.isError) return <FormAlert messages={[t('toast.genericError')]} />;
  const { identities, hasPassword } = linked.data;
  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('account.social.linkedTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('account.social.linkedIntro')}</Typography>
      {unlink.isSuccess ? (
        <FormAlert
          severity="success"
          messages={[t('account.social.unlinked', { provider: t(providerKey(unlink.variables)) })]}
        />
      ) : null}
      {identities.length === 0 ? <Typography>{t('account.social.linkedNone')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {identities.map((identity) => (
          <Box
            component="li"
            key={identity.provider}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
          >
            <Box sx={{ flex: '1 1 220px' }}>
              <Typography sx={{ fontWeight: 700 }}>{t(providerKey(identity.provider))}</Typography>
              <Typography variant="body2" color="text.secondary">
                {identity.email} · {t('account.social.linkedSince', { date: formatDate(identity.linkedAt) })}
              </Typography>
            </Box>
            {isSocial(identity.provider) ? (
              <Button
                variant="outlined"
                disabled={unlink.isPending}
                onClick={() => unlink.mutate(identity.provider as SocialProvider)}
              >
                {t('account.social.unlink', { provider: t(providerKey(identity.provider)) })}
              </Button>
            ) : null}
          </Box>
        ))}
      </Box>
      {!hasPassword && identities.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('account.social.noPasswordNote')}
        </Typography>
      ) : null}
    </Box>
  );
}
