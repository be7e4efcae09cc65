import '../i18n';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';
import { FormAlert } from '../../../components/form-alert';
import { formatEuro } from '../../checkout/utils/money';
import { invoicePdfUrl, invoiceXmlUrl, useOrderInvoices } from '../api/get-order-invoices';

const dayText = (ymd: string) => ymd.split('-').reverse().join('/');

/**
 * The order's electronic invoice and credit notes (decision 087): each with its courtesy copy (PDF) and its
 * XML; before delivery, a line saying the invoice asked for comes with it.
 */
export function OrderInvoices({ orderId, requested }: { orderId: number; requested: boolean }) {
  const { t } = useTranslation();
  const documents = useOrderInvoices(orderId, true);
  if (documents.isError) return <FormAlert messages={[t('orders.invoices.loadError')]} />;
  const list = documents.data ?? [];
  if (list.length === 0)
    return requested ? <Typography variant="body2">{t('orders.invoices.pending')}</Typography> : null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {list.map((d) => {
        const names = { kind: d.kindLabel, number: d.number };
        return (
          <Box component="li" key={d.documentId} sx={{ mb: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('orders.invoices.document', { ...names, date: dayText(d.issuedOn) })}
              {' – '}
              {t('orders.invoices.total', { total: formatEuro(d.total) })}
            </Typography>
            {d.relatedNumber ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('orders.invoices.related', { number: d.relatedNumber })}
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 2, mt: 0.5 }}>
              <Link
                href={invoicePdfUrl(d.documentId)}
                download
                aria-label={t('orders.invoices.pdfLabel', names)}
              >
                {t('orders.invoices.pdf')}
              </Link>
              <Link
                href={invoiceXmlUrl(d.documentId)}
                download
                aria-label={t('orders.invoices.xmlLabel', names)}
              >
                {t('orders.invoices.xml')}
              </Link>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
