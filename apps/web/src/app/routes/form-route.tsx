import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';
import { FormRenderer } from '../../features/forms/components/FormRenderer';
import '../../features/forms/i18n';
import { NotFoundRoute } from './not-found-route';

/** The chain's forms (decision 051): their own pages, by the form ids the seed writes. */
const FORM_PAGES = {
  contact: { formId: 1, title: 'forms.pages.contact', intro: null },
  work: { formId: 2, title: 'forms.pages.work', intro: 'forms.pages.workIntro' },
  complaint: { formId: 3, title: 'forms.pages.complaint', intro: null },
  cardUpdate: { formId: 4, title: 'forms.pages.cardUpdate', intro: null },
} as const;

function FormPage({ formId, title, intro }: { formId: number; title: string; intro: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(t(title));
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h1" gutterBottom>
        {t(title)}
      </Typography>
      {intro ? <Typography sx={{ mb: 3 }}>{t(intro)}</Typography> : null}
      <FormRenderer formId={formId} />
    </Container>
  );
}

/** /contattaci */
export const ContactFormRoute = () => <FormPage {...FORM_PAGES.contact} />;
/** /lavora-con-noi */
export const WorkWithUsRoute = () => <FormPage {...FORM_PAGES.work} />;
/** /reclamo (signed-in customers: the form says so otherwise) */
export const ComplaintRoute = () => <FormPage {...FORM_PAGES.complaint} />;
/** /aggiorna-carta: the 5-step card data update */
export const CardUpdateRoute = () => <FormPage {...FORM_PAGES.cardUpdate} />;

/** /form/:formId: any form of the content system (content pages embed FormRenderer the same way) */
export function AnyFormRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().formId);
  useDocumentTitle(t('forms.send'));
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return <NotFoundRoute />;
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <FormRenderer formId={id} />
    </Container>
  );
}
