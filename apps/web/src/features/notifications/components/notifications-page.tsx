import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_TYPE,
  NOTIFICATION_TYPE_IDS,
  NOTIFICATION_TYPE_LABEL,
} from '@spesa/shared/contracts/notifications';
import { PagePager } from '../../../components/page-pager';
import '../i18n';
import { useNotifications } from '../api/get-notifications';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const when = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** "Notifiche" (decision 048): the messages the shop sent, newest first, by kind; the unread ones marked. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<number | null>(null);
  const { data, isPending, isError } = useNotifications(page, type);
  return (
    <>
      <TextField
        select
        size="small"
        label={t('notifications.filter')}
        value={type === null ? 'all' : String(type)}
        onChange={(e) => {
          setType(e.target.value === 'all' ? null : Number(e.target.value));
          setPage(1);
        }}
        sx={{ mb: 2, minWidth: 260 }}
      >
        <MenuItem value="all">{t('notifications.allTypes')}</MenuItem>
        {NOTIFICATION_TYPE_IDS.map((id) => (
          <MenuItem key={id} value={String(id)}>
            {NOTIFICATION_TYPE_LABEL[id]}
          </MenuItem>
        ))}
      </TextField>
      {isPending ? (
        <CircularProgress aria-label={t('notifications.loading')} sx={{ display: 'block', mx: 'auto' }} />
      ) : isError || !data ? (
        <Alert severity="error">{t('notifications.error')}</Alert>
      ) : data.notifications.length === 0 ? (
        <Typography>{type === null ? t('notifications.empty') : t('notifications.emptyOfType')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('notifications.list')}>
          {data.notifications.map((n) => (
            <Box
              component="li"
              key={n.notificationId}
              data-testid="notification"
              sx={{
                py: 1.5,
                pl: 1.5,
                borderBottom: '1px solid',
                borderColor: 'divider',
                borderLeft: '4px solid',
                borderLeftColor: n.readAt === null ? 'primary.main' : 'transparent',
              }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography
                  component="h2"
                  variant="subtitle1"
                  sx={{ fontWeight: n.readAt === null ? 700 : 500 }}
                >
                  {n.title}
                </Typography>
                {n.readAt === null && <Chip size="small" color="primary" label={t('notifications.new')} />}
              </Box>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{n.body}</Typography>
              <Typography variant="body2" color="text.secondary">
                {when(n.createdAt)}
                {' · '}
                {NOTIFICATION_TYPE_LABEL[n.messageTypeId as keyof typeof NOTIFICATION_TYPE_LABEL] ?? ''}
              </Typography>
              {n.orderId !== null && (
                <Link component={RouterLink} to={`/profile/orders/${n.orderId}`} variant="body2">
                  {t('notifications.order', { id: n.orderId })}
                </Link>
              )}
              {n.messageTypeId === NOTIFICATION_TYPE.voucherIssued && (
                <Link component={RouterLink} to="/profile/gift-certificates" variant="body2">
                  {t('notifications.gifts')}
                </Link>
              )}
            </Box>
          ))}
        </Box>
      )}
      {data && (
        <PagePager
          page={page}
          totPages={data.page.totPages}
          onPage={setPage}
          previousLabel={t('notifications.previousPage')}
          nextLabel={t('notifications.nextPage')}
        />
      )}
    </>
  );
}
