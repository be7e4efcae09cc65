import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InviteView } from '@spesa/shared/contracts/invite';
import { normaliseInviteCode } from '@spesa/shared/loyalty/invite';
import { italianDayText } from '@spesa/shared/loyalty/premium';
import { FormAlert } from '../../../components/form-alert';
import { PageLoading } from '../../../components/page-loading';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { pendingInviteCode, useInvite, useJoinInvite } from '../api/invite';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('it-IT', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });

/**
 * "Invita un amico" (decision 045): the customer's code and link to send, the programme's rules, the friends
 * who joined and the vouchers earned; a customer who has not ordered yet may join with a friend's code
 * (`initialCode`: the code of the link they came from).
 */
export function InvitePage({ initialCode }: { initialCode?: string | null }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useInvite();
  if (isPending) return <PageLoading />;
  if (isError) return <Alert severity="error">{t('loyalty.invite.error')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 720 }}>
      {data.canJoin && <JoinForm initialCode={initialCode ?? pendingInviteCode.read() ?? ''} />}
      {data.joinedWith && (
        <Alert severity="success" data-testid="invite-joined">
          {t('loyalty.invite.joinedWith', { code: data.joinedWith, percent: data.discountPercent })}{' '}
          <Link component={RouterLink} to="/profile/gift-certificates">
            {t('loyalty.invite.toGifts')}
          </Link>
        </Alert>
      )}
      <YourCode view={data} />
      <Friends view={data} />
    </Box>
  );
}

function YourCode({ view }: { view: InviteView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const link = `${window.location.origin}${view.path}`;
  const canShare = typeof navigator.share === 'function';
  const copy = () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied('ok'))
      .catch(() => setCopied('failed'));
    if (!navigator.clipboard) setCopied('failed');
  };
  const share = () => {
    void navigator
      .share({
        title: t('loyalty.invite.shareTitle'),
        text: t('loyalty.invite.shareText', { code: view.code }),
        url: link,
      })
      .catch(() => {
        // the customer closed the share sheet
      });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" id={titleId} sx={{ mb: 1 }}>
        {t('loyalty.invite.yourCode')}
      </Typography>
      {!view.open && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('loyalty.invite.closed')}
        </Alert>
      )}
      <Typography
        data-testid="invite-code"
        sx={{ fontSize: '1.75rem', fontWeight: 700, letterSpacing: '0.08em', fontFamily: 'monospace' }}
      >
        {view.code}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
        {t('loyalty.invite.link')}: <span data-testid="invite-link">{link}</span>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={copy}>
          {t('loyalty.invite.copy')}
        </Button>
        {canShare && (
          <Button variant="outlined" onClick={share}>
            {t('loyalty.invite.share')}
          </Button>
        )}
      </Box>
      <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
        {copied === 'ok'
          ? t('loyalty.invite.copied')
          : copied === 'failed'
            ? t('loyalty.invite.copyFailed')
            : ''}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
        {t('loyalty.invite.howTitle')}
      </Typography>
      <Box component="ul" sx={{ pl: 3, my: 1 }}>
        <li>{t('loyalty.invite.ruleFriend', { percent: view.discountPercent })}</li>
        <li>{t('loyalty.invite.ruleYou', { percent: view.discountPercent, max: view.maxVouchers })}</li>
        <li>{t('loyalty.invite.ruleOnePerOrder')}</li>
        <li>{t('loyalty.invite.ruleSamePerson')}</li>
        <li>{t('loyalty.invite.ruleUntil', { day: italianDayText(view.endsOn) })}</li>
      </Box>
    </Paper>
  );
}

function Friends({ view }: { view: InviteView }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" id={titleId} sx={{ mb: 1 }}>
        {t('loyalty.invite.friendsTitle')}
      </Typography>
      <Typography data-testid="invite-vouchers" sx={{ mb: 1 }}>
        {t('loyalty.invite.vouchersEarned', { count: view.vouchersEarned, max: view.maxVouchers })}
      </Typography>
      {view.vouchersEarned > 0 && (
        <Typography sx={{ mb: 1 }}>
          <Link component={RouterLink} to="/profile/gift-certificates">
            {t('loyalty.invite.toGifts')}
          </Link>
        </Typography>
      )}
      {view.friends.length === 0 ? (
        <Typography color="text.secondary">{t('loyalty.invite.noFriends')}</Typography>
      ) : (
        <Box component="ol" sx={{ pl: 3, my: 0 }} data-testid="invite-friends">
          {view.friends.map((f, i) => (
            <li key={`${f.joinedAt}-${i}`}>
              {t('loyalty.invite.friendJoined', { day: dayOf(f.joinedAt) })}{' '}
              {t(`loyalty.invite.friendState.${f.state}`)}
              {f.note ? ` ${f.note}` : ''}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function JoinForm({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation();
  const join = useJoinInvite();
  const titleId = useId();
  const [code, setCode] = useState(initialCode);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const submit = () => {
    setErrors([]);
    const normalised = normaliseInviteCode(code);
    if (!normalised) {
      setFieldError(t('loyalty.invite.join.format'));
      return;
    }
    join.mutate(normalised, {
      onSuccess: () => pendingInviteCode.forget(),
      onError: (err) => setErrors(errorTexts(err, t('loyalty.invite.join.error'))),
    });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" id={titleId} sx={{ mb: 1 }}>
        {t('loyalty.invite.join.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('loyalty.invite.join.help')}</Typography>
      <FormAlert messages={errors} focus />
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('loyalty.invite.join.code')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={fieldError ?? t('loyalty.invite.join.codeHelp')}
          autoComplete="off"
          required
          slotProps={{ htmlInput: { maxLength: 20, spellCheck: false, autoCapitalize: 'characters' } }}
        />
        <Button type="submit" variant="contained" disabled={join.isPending} sx={{ mt: 1 }}>
          {t('loyalty.invite.join.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
