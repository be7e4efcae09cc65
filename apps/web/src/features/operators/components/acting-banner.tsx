import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RootUser } from '@spesa/shared/contracts/envelope';
import { logout } from '../../../lib/logout';
import '../i18n';
import { useStopActing } from '../api/stop-acting';

/**
 * The operator's banner (decision 053), on every page of an operator's session: "Stai operando per conto di
 * Anna Verdi" with the way back to the search (acting ends, the operator stays signed in) and the operator's
 * own sign-out. A labelled region, so screen readers find it among the landmarks; it wraps at 390 px.
 */
export function ActingBanner({ user }: { user: RootUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stop = useStopActing();
  const operator = user.operator;
  if (!operator) return null;
  const customer = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || (user.email ?? '');
  return (
    <Box
      component="section"
      aria-label={t('operators.banner.label')}
      data-testid="acting-banner"
      sx={{
        bgcolor: '#5c2d91',
        color: '#fff',
        px: 2,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <Typography component="p" sx={{ fontWeight: 700, flex: '1 1 240px', m: 0 }}>
        {operator.acting
          ? t('operators.banner.acting', { name: customer })
          : t('operators.banner.notActing', { name: operator.name })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          color="inherit"
          sx={{ color: '#3b1d5e' }}
          disabled={stop.isPending}
          onClick={() => {
            if (!operator.acting) {
              void navigate('/operatore/clienti');
              return;
            }
            stop.mutate(undefined, { onSuccess: () => void navigate('/operatore/clienti') });
          }}
        >
          {operator.acting ? t('operators.banner.back') : t('operators.banner.search')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          onClick={() => void logout().then(() => navigate('/operatore'))}
        >
          {t('operators.banner.signOut')}
        </Button>
      </Box>
    </Box>
  );
}
