import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  updateContactBodySchema,
  type RegistrationDisclaimer,
  type UserDetail,
} from '@spesa/shared/contracts/account';
import { PageLoading } from '../../../components/page-loading';
import { useUserDisclaimers } from '../api/get-user-disclaimers';
import { useUpdateContact } from '../api/update-contact';
import { useUpdateDisclaimers } from '../api/update-disclaimers';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormTextField } from '../../../components/form-fields';

type Values = z.input<typeof updateContactBodySchema>;
const KNOWN = ['mobilePhone', 'homePhone'];
const CHANNELS = ['email', 'sms', 'push', 'whatsapp'] as const;

const toValues = (user: UserDetail): Values => ({
  mobilePhone: user.contact.mobilePhone,
  homePhone: user.contact.homePhone,
  contactPreferences: { ...user.contactPreferences },
  consents: { ...user.consents },
});

/** Contacts and consents: phones, contact channels, marketing and profiling consents (POST update_contact). */
export function ContactsForm({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const update = useUpdateContact();
  const [general, setGeneral] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm<
    Values,
    unknown,
    z.output<typeof updateContactBodySchema>
  >({
    resolver: zodResolver(updateContactBodySchema),
    defaultValues: toValues(user),
  });
  return (
    <Box
      component="form"
      noValidate
      aria-busy={update.isPending}
      onSubmit={handleSubmit((values) => {
        setGeneral([]);
        setSaved(false);
        update.mutate(values, {
          onSuccess: (next) => {
            reset(toValues(next));
            setSaved(true);
          },
          onError: (error) => {
            const failure = readServerFailure(error, t('toast.genericError'));
            const rest = applyFieldErrors(failure.fields, KNOWN, (name, message, focus) =>
              setError(name as 'mobilePhone', { type: 'server', message }, { shouldFocus: focus }),
            );
            setGeneral([...failure.general, ...rest]);
          },
        });
      })}
    >
      <FormAlert messages={general} focus />
      {saved ? <FormAlert severity="success" messages={[t('account.profile.saved')]} /> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="mobilePhone"
          label={t('account.fields.mobilePhone')}
          type="tel"
          autoComplete="tel"
          required
        />
        <FormTextField control={control} name="homePhone" label={t('account.fields.homePhone')} type="tel" />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
        <Typography component="legend" variant="h6">
          {t('account.contacts.channels')}
        </Typography>
        {CHANNELS.map((c) => (
          <FormCheckbox
            key={c}
            control={control}
            name={`contactPreferences.${c}`}
            label={t(`account.contacts.channel.${c}`)}
          />
        ))}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
        <Typography component="legend" variant="h6">
          {t('account.contacts.consents')}
        </Typography>
        <FormCheckbox control={control} name="consents.marketing" label={t('account.contacts.marketing')} />
        <FormCheckbox control={control} name="consents.profiling" label={t('account.contacts.profiling')} />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 3 }} disabled={update.isPending}>
        {update.isPending ? t('account.sending') : t('account.save')}
      </Button>
    </Box>
  );
}

/** The privacy consents given at registration: optional ones can be changed, required ones stay. */
export function DisclaimersForm() {
  const { t } = useTranslation();
  const list = useUserDisclaimers();
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <FormAlert messages={[t('account.registration.disclaimersError')]} />;
  return <DisclaimersFormLoaded disclaimers={list.data} />;
}

function DisclaimersFormLoaded({ disclaimers }: { disclaimers: RegistrationDisclaimer[] }) {
  const { t } = useTranslation();
  const update = useUpdateDisclaimers();
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit } = useForm<{ answers: { value: boolean }[] }>({
    defaultValues: { answers: disclaimers.map((d) => ({ value: d.value ?? false })) },
  });
  const failure = update.error ? readServerFailure(update.error, t('toast.genericError')) : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ answers }) => {
        setSaved(false);
        update.mutate(
          disclaimers.map((d, i) => ({
            registrationDisclaimerId: d.registrationDisclaimerId,
            value: d.required || (answers[i]?.value ?? false),
          })),
          { onSuccess: () => setSaved(true) },
        );
      })}
    >
      <FormAlert messages={failure ? [...failure.general, ...Object.values(failure.fields)] : []} />
      {saved ? <FormAlert severity="success" messages={[t('account.profile.saved')]} /> : null}
      {disclaimers.map((d, index) => (
        <FormCheckbox
          key={d.registrationDisclaimerId}
          control={control}
          name={`answers.${index}.value`}
          label={d.title}
          disabled={d.required && d.value === true}
          helperText={d.required ? t('account.contacts.requiredConsent') : d.descr || undefined}
        />
      ))}
      <Button type="submit" variant="outlined" sx={{ mt: 2 }} disabled={update.isPending}>
        {t('account.contacts.saveConsents')}
      </Button>
    </Box>
  );
}
