import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ListGrant, WishlistView } from '@spesa/shared/contracts/lists';
import { errorTexts } from '../../../lib/http';
import { FormAlert } from '../../../components/form-alert';
import { useShareList } from '../api/share-list';
import { useUnshareList } from '../api/unshare-list';

const GRANTS: readonly ListGrant[] = ['READ', 'WRITE'];

/** The owner's sharing of a list: another customer by e-mail, read only or editable; and revoking. */
export function ShareListForm({ list }: { list: WishlistView }) {
  const { t } = useTranslation();
  const share = useShareList();
  const unshare = useUnshareList();
  const emailId = useId();
  const grantId = useId();
  const [email, setEmail] = useState('');
  const [grant, setGrant] = useState<ListGrant>('READ');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const fallback = t('lists.error');
  const shares = list.sharingData.sharedWith;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="list-share" sx={{ p: 2, mt: 4 }}>
      <Typography component="h2" variant="h6" id="list-share">
        {t('lists.share.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('lists.share.intro')}
      </Typography>
      <FormAlert messages={errors} focus />
      <Box
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          const value = email.trim();
          if (!value) {
            setFieldError(t('lists.share.emailRequired'));
            return;
          }
          setFieldError(null);
          setErrors([]);
          share.mutate(
            { listId: list.listId, email: value, grant },
            { onSuccess: () => setEmail(''), onError: (err) => setErrors(errorTexts(err, fallback)) },
          );
        }}
        sx={{ display: 'grid', gap: 1 }}
      >
        <TextField
          id={emailId}
          type="email"
          label={t('lists.share.email')}
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? ' '}
          size="small"
          sx={{ maxWidth: 420 }}
        />
        <FormControl>
          <FormLabel id={grantId}>{t('lists.share.grant')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={grantId}
            value={grant}
            onChange={(e) => setGrant(e.target.value as ListGrant)}
          >
            {GRANTS.map((g) => (
              <FormControlLabel key={g} value={g} control={<Radio />} label={t(`lists.grant.${g}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" disabled={share.isPending}>
            {t('lists.share.submit')}
          </Button>
        </Box>
      </Box>

      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, fontWeight: 500 }}>
        {t('lists.share.sharedWith')}
      </Typography>
      {shares.length === 0 ? (
        <Typography variant="body2">{t('lists.share.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shares.map((s) => (
            <Box
              component="li"
              key={s.userId}
              sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
            >
              <Typography variant="body2" sx={{ flex: '1 1 auto' }}>
                {s.name} ({s.email}) · {t(`lists.grant.${s.grant}`)}
              </Typography>
              <Button
                variant="text"
                color="error"
                disabled={unshare.isPending}
                aria-label={t('lists.share.revokeLabel', { name: s.name })}
                onClick={() => {
                  setErrors([]);
                  unshare.mutate(
                    { listId: list.listId, userId: s.userId },
                    { onError: (err) => setErrors(errorTexts(err, fallback)) },
                  );
                }}
              >
                {t('lists.share.revoke')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
