import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { PageLoading } from '../../../components/page-loading';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { usePage } from '../api/get-page';
import { htmlToText } from './safe-html';
import '../i18n';

const ContentHtml = lazy(() => import('./content-html').then((m) => ({ default: m.ContentHtml })));

export const CONDITIONS_SLUG = 'condizioni-generali-di-vendita';

/**
 * "Leggi le condizioni di vendita" beside the checkout's acceptance: the conditions open in a dialog over the
 * checkout (nothing typed is lost), with a link to the page in a new tab.
 */
export function ConditionsLink({ label }: { label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const page = usePage(CONDITIONS_SLUG, open);
  const href = `/page/${CONDITIONS_SLUG}`;
  return (
    <>
      <a
        href={href}
        className="conditions-link"
        style={{ display: 'inline-block', marginBottom: 8 }}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        scroll="paper"
        maxWidth="md"
        fullWidth
        aria-labelledby="conditions-dialog-title"
      >
        <DialogTitle id="conditions-dialog-title">
          {page.data ? htmlToText(page.data.title.rendered) : t('content.conditions.open')}
        </DialogTitle>
        <DialogContent dividers className="content-page-dialog">
          {page.data ? (
            <>
              {page.data.validity_text ? <p>{page.data.validity_text}</p> : null}
              <Suspense fallback={<PageLoading />}>
                <ContentHtml html={page.data.content.rendered} />
              </Suspense>
            </>
          ) : page.isError ? (
            <p>{t('content.errorText')}</p>
          ) : (
            <PageLoading />
          )}
        </DialogContent>
        <DialogActions>
          <Button href={href} target="_blank" rel="noopener noreferrer">
            {t('content.conditions.newTab')}
            <VisuallyHidden> {t('link.newWindow')}</VisuallyHidden>
          </Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {t('content.conditions.dialogClose')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
