import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';
import { VisuallyHidden } from '../../components/visually-hidden';

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation();
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> {t('link.newWindow')}</VisuallyHidden>
    </Link>
  );
}

export function CreditsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('credits.title'));
  const section = (title: string, text: string, extra?: React.ReactNode) => (
    <section>
      <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
        {title}
      </Typography>
      <Typography>{text}</Typography>
      {extra}
    </section>
  );
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t('credits.heading')}
      </Typography>
      <Typography>{t('credits.intro')}</Typography>
      {section(
        t('credits.productsTitle'),
        t('credits.productsText'),
        <>
          <Typography sx={{ mt: 1 }}>{t('credits.productsNote')}</Typography>
          <Typography sx={{ mt: 1 }}>
            <ExternalLink href="https://opendatacommons.org/licenses/odbl/1-0/">
              {t('credits.odblLink')}
            </ExternalLink>
            {' · '}
            <ExternalLink href="https://openfoodfacts.org">Open Food Facts</ExternalLink>
          </Typography>
        </>,
      )}
      {section(
        t('credits.geoTitle'),
        t('credits.geoText'),
        <Typography sx={{ mt: 1 }}>
          <ExternalLink href="https://www.gardainformatica.it/database-comuni-italiani">
            Garda Informatica
          </ExternalLink>
          {' · '}
          <ExternalLink href="https://www.istat.it">ISTAT</ExternalLink>
        </Typography>,
      )}
      {section(
        t('credits.illustrationsTitle'),
        t('credits.illustrationsText'),
        <Typography sx={{ mt: 1 }}>
          <ExternalLink href="https://github.com/microsoft/fluentui-emoji">Fluent Emoji</ExternalLink>
        </Typography>,
      )}
      {section(t('credits.categoriesTitle'), t('credits.categoriesText'))}
      {section(t('credits.fontTitle'), t('credits.fontText'))}
    </Container>
  );
}
