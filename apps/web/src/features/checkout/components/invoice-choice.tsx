import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { PersonFiscal } from '@spesa/shared/contracts/account';
import { useTranslation } from '../../../lib/i18n';
import { usePersonFiscals } from '../../account/api/get-person-fiscals';
import { PersonFiscalForm } from '../../account/components/invoice-data';

/** The invoice request: the customer's saved invoice data (account feature) or new data added here. */
export function InvoiceChoice({
  needInvoice,
  onNeedInvoice,
  personFiscalId,
  onPersonFiscal,
  error,
}: {
  needInvoice: boolean;
  onNeedInvoice: (v: boolean) => void;
  personFiscalId: number | null;
  onPersonFiscal: (id: number) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const list = usePersonFiscals();
  const [adding, setAdding] = useState(false);
  const known = useRef<Set<number> | null>(null);
  // a newly added invoice holder is chosen at once
  useEffect(() => {
    if (!list.data) return;
    const ids = new Set(list.data.map((p) => p.personFiscalId));
    if (known.current) {
      const added = list.data.find((p) => !known.current!.has(p.personFiscalId));
      if (added) onPersonFiscal(added.personFiscalId);
    } else if (list.data.length === 1 && personFiscalId == null && list.data[0]) {
      onPersonFiscal(list.data[0].personFiscalId);
    }
    known.current = ids;
  }, [list.data, onPersonFiscal, personFiscalId]);

  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={needInvoice} onChange={(_, v) => onNeedInvoice(v)} />}
        label={t('checkout.invoice.need')}
      />
      {needInvoice ? (
        <Box sx={{ mt: 1 }}>
          {list.data && list.data.length > 0 ? (
            <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {t('checkout.invoice.choose')}
              </FormLabel>
              <RadioGroup
                id="checkout-invoice-choice"
                tabIndex={-1}
                value={personFiscalId != null ? String(personFiscalId) : ''}
                onChange={(_, v) => onPersonFiscal(Number(v))}
                aria-describedby={error ? 'checkout-invoice-error' : undefined}
              >
                {list.data.map((pf) => (
                  <FormControlLabel
                    key={pf.personFiscalId}
                    value={String(pf.personFiscalId)}
                    control={<Radio />}
                    label={invoiceLabel(pf, t)}
                  />
                ))}
              </RadioGroup>
              {error ? (
                <FormHelperText id="checkout-invoice-error" role="alert">
                  {error}
                </FormHelperText>
              ) : null}
            </FormControl>
          ) : list.data ? (
            <Typography sx={{ mb: 1 }}>{t('checkout.invoice.none')}</Typography>
          ) : null}
          {error && list.data?.length === 0 ? (
            <FormHelperText error role="alert" id="checkout-invoice-choice" tabIndex={-1}>
              {error}
            </FormHelperText>
          ) : null}
          {adding ? (
            <PersonFiscalForm onDone={() => setAdding(false)} />
          ) : (
            <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setAdding(true)}>
              {t('checkout.invoice.add')}
            </Button>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

function invoiceLabel(pf: PersonFiscal, t: (key: string, o?: Record<string, unknown>) => string): string {
  const type = t(`account.invoice.type${pf.personTypeId}`);
  const who = pf.companyName
    ? t('checkout.invoice.summaryCompany', { name: pf.companyName, vatCode: pf.vatCode })
    : t('checkout.invoice.summaryPrivate', { name: type, fiscalCode: pf.fiscalCode });
  return `${who} – ${pf.address1} ${pf.addressNumber}, ${pf.city}`;
}
