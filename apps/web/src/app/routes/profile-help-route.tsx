import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { shortDateText } from '@spesa/shared/format/day';
import { useTranslation } from '../../lib/i18n';
import { PageLoading } from '../../components/page-loading';
import { ProfileSection } from '../../features/account/components/profile-section';
import { usePage } from '../../features/content/api/get-page';
import { ContentPage } from '../../features/content/components/content-page';
import { useMyTickets } from '../../features/forms/api/get-my-tickets';
import '../../features/content/i18n';

/**
 * /profile/help, "Aiuto" of the profile menu (spec section 2): the customer's open requests (tickets sent
 * through the forms, decision 051), the contacts of customer service with the contact form, and the FAQ with
 * its search. The contacts and the FAQ are the content store's pages `contatti` and `faq` (decision 070).
 */
export function ProfileHelpRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.help')} intro={t('account.help.intro')}>
      <MyTickets />
      <HelpPage slug="contatti" />
      <Link component={RouterLink} to="/reclamo" sx={{ display: 'inline-block', py: 1, mb: 3 }}>
        {t('account.help.complaint')}
      </Link>
      <HelpPage slug="faq" />
    </ProfileSection>
  );
}

function MyTickets() {
  const { t } = useTranslation();
  const tickets = useMyTickets();
  return (
    <Box component="section" aria-labelledby="help-tickets" sx={{ mb: 4 }}>
      <Typography id="help-tickets" variant="h2" sx={{ fontSize: 24, mb: 1 }}>
        {t('account.help.ticketsTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('account.help.ticketsText')}
      </Typography>
      {tickets.isPending ? (
        <PageLoading />
      ) : tickets.isError ? (
        <Typography role="alert">{t('account.help.ticketsError')}</Typography>
      ) : tickets.data.length === 0 ? (
        <Typography>{t('account.help.ticketsEmpty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {tickets.data.map((ticket) => (
            <li key={ticket.ticket}>
              <Paper
                variant="outlined"
                sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                <Box sx={{ flex: '1 1 220px' }}>
                  <Typography sx={{ fontWeight: 500 }}>{ticket.form_title}</Typography>
                  <Typography variant="body2">
                    {t('account.help.ticket', { ticket: ticket.ticket })} ·{' '}
                    {t('account.help.sentOn', { date: shortDateText(ticket.created_at) })}
                  </Typography>
                </Box>
                <Chip label={t('account.help.open')} color="primary" variant="outlined" size="small" />
              </Paper>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A page of the content store inside the help page, its title as a section heading. */
function HelpPage({ slug }: { slug: 'contatti' | 'faq' }) {
  const { t } = useTranslation();
  const page = usePage(slug);
  if (page.isPending) return <PageLoading />;
  if (page.isError)
    return (
      <Typography role="alert" sx={{ mb: 3 }}>
        {t('account.help.pageError')}
      </Typography>
    );
  return (
    <Box sx={{ mb: 2 }}>
      <ContentPage page={page.data} headingLevel={2} />
    </Box>
  );
}
