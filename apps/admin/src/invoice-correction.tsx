import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { PERSON_TYPES, personFiscalFormSchema } from '@spesa/shared/contracts/account';
import type { AdminInvoiceDocument, InvoiceCorrection } from '@spesa/shared/contracts/invoices';
import type { OrderInvoice } from '@spesa/shared/contracts/orders';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { useNotify, useRefresh } from 'react-admin';
import { adminAct, adminCall, AdminApiError } from './api';
import { invoiceCorrectionTexts as T } from './texts';

type Field = keyof typeof T.fields;
/** the fields the SDI's rejections point at; the others (CIG, determination…) go back as the order holds them */
const FIELDS: readonly Field[] = [
  'companyName',
  'vatCode',
  'fiscalCode',
  'sdiCode',
  'pec',
  'ipaCode',
  'address1',
  'addressNumber',
  'postalCode',
  'city',
  'province',
];

const day = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });

/** The corrected data as the API takes them, or the form rules' Italian message per field. */
export function checkCorrection(
  data: OrderInvoice,
): { ok: true; invoice: OrderInvoice } | { ok: false; errors: Partial<Record<string, string>> } {
  const parsed = personFiscalFormSchema.safeParse(data);
  if (parsed.success) return { ok: true, invoice: { ...data, ...parsed.data } };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The rejection (codes, what they point at, the numbering) and the customer's data to correct. */
function CorrectionForm({
  correction,
  onClose,
  onDone,
}: {
  correction: InvoiceCorrection & { invoice: OrderInvoice };
  onClose: () => void;
  onDone: (info: string | undefined) => void;
}) {
  const [data, setData] = useState<OrderInvoice>(correction.invoice);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkCorrection(data);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSending(true);
    try {
      const done = await adminAct('POST /admin/invoices/:id/reissue', {
        params: { id: correction.documentId },
        body: { invoice: checked.invoice },
      });
      onDone(done.infos[0]);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : T.failed);
    } finally {
      setSending(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <DialogContent>
        <DialogContentText id="correction-help" sx={{ mb: 2 }}>
          {correction.sameNumber
            ? T.sameNumber(correction.number, day(correction.sameNumberUntil))
            : T.newNumber(correction.number, day(correction.sameNumberUntil))}
        </DialogContentText>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {correction.sdiErrors.map((e) => `${e.code} ${e.description}`).join('; ')}
          {correction.hints.map((h) => (
            <Box key={h}>{h}</Box>
          ))}
        </Alert>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <TextField
          select
          id="correction-personTypeId"
          label={T.personType}
          value={String(data.personTypeId)}
          onChange={(e) => setData({ ...data, personTypeId: Number(e.target.value) })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
          sx={{ mb: 2 }}
        >
          <option value={PERSON_TYPES.private}>{T.personTypes.private}</option>
          <option value={PERSON_TYPES.company}>{T.personTypes.company}</option>
          <option value={PERSON_TYPES.publicAdministration}>{T.personTypes.publicAdministration}</option>
        </TextField>
        {FIELDS.map((f) => (
          <TextField
            key={f}
            id={`correction-${f}`}
            label={T.fields[f]}
            value={data[f]}
            onChange={(e) => setData({ ...data, [f]: e.target.value })}
            error={errors[f] !== undefined}
            helperText={errors[f] ?? ' '}
            fullWidth
            size="small"
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={sending}>
          {T.reissue}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * "Correggi e riemetti" on a document the SDI rejected (decision 094): the staff correct the customer's data
 * and a corrected document is issued in its place (never the rejected one edited): the same number and date
 * within 5 days of the rejection, the next number after.
 */
export function CorrectButton({ doc }: { doc: AdminInvoiceDocument }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [correction, setCorrection] = useState<(InvoiceCorrection & { invoice: OrderInvoice }) | null>(null);
  if (doc.sdiState !== 'rejected') return null;
  const open = () =>
    adminCall('GET /admin/invoices/:id/correction', { params: { id: doc.id } })
      .then(({ data }) => {
        if (data.invoice) setCorrection({ ...data, invoice: data.invoice });
        else notify(T.noData, { type: 'error' });
      })
      .catch((err: unknown) =>
        notify(err instanceof AdminApiError ? err.message : T.failed, { type: 'error' }),
      );
  return (
    <>
      <Button
        size="small"
        aria-label={T.openLabel(doc.number)}
        onClick={(event) => {
          event.stopPropagation();
          void open();
        }}
      >
        {T.open}
      </Button>
      {correction ? (
        <Dialog
          open
          onClose={() => setCorrection(null)}
          aria-labelledby="correction-title"
          aria-describedby="correction-help"
          fullWidth
          maxWidth="sm"
          onClick={(event) => event.stopPropagation()}
        >
          <DialogTitle id="correction-title">{T.title(doc.number)}</DialogTitle>
          <CorrectionForm
            correction={correction}
            onClose={() => setCorrection(null)}
            onDone={(info) => {
              setCorrection(null);
              notify(info ?? T.done, { type: 'success' });
              refresh();
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}
