import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PERSON_TYPES, personFiscalFormSchema, type PersonFiscal } from '@spesa/shared/contracts/account';
import { PageLoading } from '../../../components/page-loading';
import { useDeletePersonFiscal } from '../api/delete-person-fiscal';
import { usePersonFiscals } from '../api/get-person-fiscals';
import { useInsertPersonFiscal } from '../api/insert-person-fiscal';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { FormAlert } from '../../../components/form-alert';
import { FormRadioGroup, FormTextField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';

type Values = z.input<typeof personFiscalFormSchema>;
const EMPTY: Values = {
  personTypeId: PERSON_TYPES.private,
  companyName: '',
  fiscalCode: '',
  vatCode: '',
  pec: '',
  sdiCode: '',
  ipaCode: '',
  cig: '',
  determinationNumber: '',
  determinationDate: '',
  contactPerson: '',
  address1: '',
  addressNumber: '',
  postalCode: '',
  city: '',
  province: '',
};
const KNOWN = Object.keys(EMPTY);
const upper = (v: string) => v.toUpperCase();

/** Invoice data (spec section 3): the list, add, delete. */
export function InvoiceData() {
  const { t } = useTranslation();
  const list = usePersonFiscals();
  const remove = useDeletePersonFiscal();
  const [adding, setAdding] = useState(false);
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <FormAlert messages={[t('account.profile.loadError')]} />;
  const removeFailure = remove.error ? readServerFailure(remove.error, t('toast.genericError')).general : [];
  return (
    <Box>
      <FormAlert messages={removeFailure} />
      {list.data.length === 0 ? <Typography sx={{ mb: 2 }}>{t('account.invoice.empty')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {list.data.map((pf) => (
          <li key={pf.personFiscalId}>
            <PersonFiscalCard
              personFiscal={pf}
              deleting={remove.isPending && remove.variables === pf.personFiscalId}
              onDelete={() => {
                if (window.confirm(t('account.invoice.confirmDelete'))) remove.mutate(pf.personFiscalId);
              }}
            />
          </li>
        ))}
      </Box>
      {adding ? (
        <PersonFiscalForm onDone={() => setAdding(false)} />
      ) : (
        <Button variant="contained" sx={{ mt: 3 }} onClick={() => setAdding(true)}>
          {t('account.invoice.add')}
        </Button>
      )}
    </Box>
  );
}

function PersonFiscalCard({
  personFiscal: pf,
  deleting,
  onDelete,
}: {
  personFiscal: PersonFiscal;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const name = pf.companyName || pf.fiscalCode;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        gap: 2,
        justifyContent: 'space-between',
        alignItems: 'start',
        flexWrap: 'wrap',
      }}
    >
      <Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        <Typography variant="body2">{t(`account.invoice.type${pf.personTypeId}`)}</Typography>
        {pf.vatCode ? (
          <Typography variant="body2">{t('account.invoice.vatShort', { code: pf.vatCode })}</Typography>
        ) : null}
        {pf.fiscalCode ? (
          <Typography variant="body2">{t('account.invoice.fiscalShort', { code: pf.fiscalCode })}</Typography>
        ) : null}
        <Typography variant="body2">
          {pf.address1} {pf.addressNumber}, {pf.postalCode} {pf.city} ({pf.province})
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        onClick={onDelete}
        disabled={deleting}
        aria-label={t('account.invoice.deleteLabel', { name })}
      >
        {t('account.invoice.delete')}
      </Button>
    </Paper>
  );
}

export function PersonFiscalForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const insert = useInsertPersonFiscal();
  const [general, setGeneral] = useState<string[]>([]);
  const { control, handleSubmit, setError } = useForm<
    Values,
    unknown,
    z.output<typeof personFiscalFormSchema>
  >({
    resolver: zodResolver(personFiscalFormSchema),
    defaultValues: EMPTY,
  });
  const type = Number(useWatch({ control, name: 'personTypeId' }));
  const isPrivate = type === PERSON_TYPES.private;
  const isCompany = type === PERSON_TYPES.company;
  const isPublic = type === PERSON_TYPES.publicAdministration;
  return (
    <Box
      component="form"
      noValidate
      aria-busy={insert.isPending}
      onSubmit={handleSubmit((values) => {
        setGeneral([]);
        insert.mutate(values, {
          onSuccess: onDone,
          onError: (error) => {
            const failure = readServerFailure(error, t('toast.genericError'));
            const rest = applyFieldErrors(failure.fields, KNOWN, (name, message, focus) =>
              setError(name as 'fiscalCode', { type: 'server', message }, { shouldFocus: focus }),
            );
            setGeneral([...failure.general, ...rest]);
          },
        });
      })}
      sx={{ mt: 3 }}
    >
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('account.invoice.newTitle')}
      </Typography>
      <FormAlert messages={general} />
      <FormRadioGroup
        control={control}
        name="personTypeId"
        label={t('account.invoice.type')}
        required
        parse={Number}
        options={[
          { value: String(PERSON_TYPES.private), label: t('account.invoice.type1') },
          { value: String(PERSON_TYPES.company), label: t('account.invoice.type2') },
          { value: String(PERSON_TYPES.publicAdministration), label: t('account.invoice.type3') },
        ]}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
        {!isPrivate ? (
          <FormTextField
            control={control}
            name="companyName"
            label={t('account.invoice.companyName')}
            required
          />
        ) : null}
        {!isPrivate ? (
          <FormTextField
            control={control}
            name="vatCode"
            label={t('account.invoice.vatCode')}
            transform={upper}
            required
          />
        ) : null}
        <FormTextField
          control={control}
          name="fiscalCode"
          label={t('account.fields.fiscalCode')}
          transform={upper}
          maxLength={16}
          required={isPrivate}
        />
        {isCompany ? (
          <FormTextField
            control={control}
            name="sdiCode"
            label={t('account.invoice.sdiCode')}
            helperText={t('account.invoice.sdiHelp')}
            transform={upper}
            maxLength={7}
          />
        ) : null}
        {isCompany ? (
          <FormTextField control={control} name="pec" label={t('account.invoice.pec')} type="email" />
        ) : null}
        {isPublic ? (
          <FormTextField
            control={control}
            name="ipaCode"
            label={t('account.invoice.ipaCode')}
            transform={upper}
            maxLength={6}
            required
          />
        ) : null}
        {isPublic ? (
          <FormTextField
            control={control}
            name="cig"
            label={t('account.invoice.cig')}
            transform={upper}
            maxLength={10}
          />
        ) : null}
        {isPublic ? (
          <FormTextField
            control={control}
            name="determinationNumber"
            label={t('account.invoice.determinationNumber')}
          />
        ) : null}
        {isPublic ? (
          <FormDateField
            control={control}
            name="determinationDate"
            label={t('account.invoice.determinationDate')}
          />
        ) : null}
        {!isPrivate ? (
          <FormTextField control={control} name="contactPerson" label={t('account.invoice.contactPerson')} />
        ) : null}
        <FormTextField control={control} name="address1" label={t('account.fields.address1')} required />
        <FormTextField
          control={control}
          name="addressNumber"
          label={t('account.fields.addressNumber')}
          required
        />
        <FormTextField
          control={control}
          name="postalCode"
          label={t('account.fields.postalCode')}
          inputMode="numeric"
          maxLength={5}
          required
        />
        <FormTextField control={control} name="city" label={t('account.fields.city')} required />
        <FormTextField
          control={control}
          name="province"
          label={t('account.fields.province')}
          transform={upper}
          maxLength={2}
          required
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 3 }}>
        <Button type="submit" variant="contained" disabled={insert.isPending}>
          {insert.isPending ? t('account.sending') : t('account.save')}
        </Button>
        <Button type="button" variant="text" onClick={onDone}>
          {t('account.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
