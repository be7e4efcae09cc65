import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { updateUserDetailBodySchema, type UserDetail } from '@spesa/shared/contracts/account';
import { useUpdateUserDetail } from '../api/update-user-detail';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { FormAlert } from '../../../components/form-alert';
import { DOMICILE_FIELDS, DomicileFields, PERSON_FIELDS, PersonFields } from './person-fields';

type Values = z.input<typeof updateUserDetailBodySchema>;
const KNOWN = [...PERSON_FIELDS.map((f) => `person.${f}`), ...DOMICILE_FIELDS.map((f) => `domicile.${f}`)];

function toValues(user: UserDetail): Values {
  return {
    person: {
      firstName: user.person.firstName,
      lastName: user.person.lastName,
      gender: user.person.gender ?? (undefined as unknown as 'M'),
      birthDate: user.person.birthDate ?? '',
      birthPlace: user.person.birthPlace,
      birthCountry: user.person.birthCountry,
      italianCitizen: user.person.italianCitizen,
      fiscalCode: user.person.fiscalCode,
      mobilePhone: user.contact.mobilePhone,
      homePhone: user.contact.homePhone,
    },
    domicile: { ...user.domicile },
  };
}

/** Profile data: personal data and domicile (POST update_user_detail). */
export function ProfileDataForm({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const update = useUpdateUserDetail();
  const [general, setGeneral] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm<
    Values,
    unknown,
    z.output<typeof updateUserDetailBodySchema>
  >({
    resolver: zodResolver(updateUserDetailBodySchema),
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
              setError(name as 'person.firstName', { type: 'server', message }, { shouldFocus: focus }),
            );
            setGeneral([...failure.general, ...rest]);
          },
        });
      })}
    >
      <FormAlert messages={general} focus />
      {saved ? <FormAlert severity="success" messages={[t('account.profile.saved')]} /> : null}
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('account.requiredNote')}
      </Typography>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('account.registration.step1')}
      </Typography>
      <PersonFields control={control} prefix="person." />
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 2 }}>
        {t('account.registration.step2')}
      </Typography>
      <DomicileFields control={control} prefix="domicile." />
      <Button type="submit" variant="contained" sx={{ mt: 3 }} disabled={update.isPending}>
        {update.isPending ? t('account.sending') : t('account.save')}
      </Button>
    </Box>
  );
}
