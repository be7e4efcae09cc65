import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  accountFormSchema,
  domicileFormSchema,
  personalDataFormSchema,
  registrationTypeSchema,
  type RegisterUserBody,
  type RegistrationDisclaimer,
} from '@spesa/shared/contracts/account';
import { fiscalCodeIssue, MESSAGES } from '@spesa/shared/account/validation-rules';
import { PageLoading } from '../../../components/page-loading';
import { useComuneFromCap } from '../../../lib/comune-from-cap';
import { useRegistrationDisclaimers } from '../api/get-registration-disclaimers';
import { registerUser } from '../api/register-user';
import { getAuthTest } from '../api/get-auth-test';
import { useSocialUserDetail } from '../api/get-social-user-detail';
import { accountKeys } from '../../../lib/account-keys';
import { providerKey } from '../utils/social-sign-in';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormRadioGroup, FormTextField, PasswordField } from '../../../components/form-fields';
import { DOMICILE_FIELDS, DomicileFields, PERSON_FIELDS, PersonFields } from './person-fields';
import { FocusHeading } from './step-heading';

type Step = 0 | 1 | 2 | 3;
type RegistrationType = z.infer<typeof registrationTypeSchema>;

const choiceSchema = z
  .object({ registrationType: registrationTypeSchema, fidelityCard: z.string().trim() })
  .superRefine((v, ctx) => {
    if (v.registrationType !== 'card') return;
    if (v.fidelityCard === '')
      ctx.addIssue({ code: 'custom', path: ['fidelityCard'], message: MESSAGES.required });
    else if (!/^\d{13}$/.test(v.fidelityCard))
      ctx.addIssue({ code: 'custom', path: ['fidelityCard'], message: MESSAGES.exactLength(13) });
  });
type ChoiceValues = z.input<typeof choiceSchema>;
type PersonValues = z.input<typeof personalDataFormSchema>;
type DomicileValues = z.input<typeof domicileFormSchema>;
type AccountValues = z.input<typeof accountFormSchema>;

const EMPTY_PERSON: PersonValues = {
  firstName: '',
  lastName: '',
  gender: undefined as unknown as PersonValues['gender'],
  birthDate: '',
  birthPlace: '',
  birthCountry: 'Italia',
  italianCitizen: true,
  fiscalCode: '',
  mobilePhone: '',
  homePhone: '',
};
const EMPTY_DOMICILE: DomicileValues = {
  address1: '',
  addressNumber: '',
  postalCode: '',
  city: '',
  province: '',
  countryId: 1,
};

/** Which step shows the field a server message names. */
function stepOfField(path: string): Step {
  if (path.startsWith('person.')) return 1;
  if (path.startsWith('domicile.')) return 2;
  if (path.startsWith('account.')) return 3;
  return path === 'fidelityCard' || path === 'registrationType' ? 0 : 3;
}

/** Puts the server's messages of one step on its fields (once, when the step appears). */
function useServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string>,
  known: readonly string[],
  prefix: string,
  setError: UseFormSetError<T>,
) {
  useEffect(() => {
    applyFieldErrors(
      fields,
      known,
      (name, message, focus) =>
        setError(name as Path<T>, { type: 'server', message }, { shouldFocus: focus }),
      prefix,
    );
    // only when the step mounts or new server messages arrive
  }, [fields, known, prefix, setError]);
}

/**
 * Registration (spec sections 2 and 5): the choice "with loyalty card" or "by e-mail", then 3 steps —
 * personal data, domicile, account and privacy. Each step validates with the shared rules (same messages as
 * the API); the server's field messages go back on their fields, on the step that shows them.
 */
export function RegistrationWizard({ socialLogin }: { socialLogin?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [moved, setMoved] = useState(false);
  const [choice, setChoice] = useState<ChoiceValues>({ registrationType: 'email', fidelityCard: '' });
  const [person, setPerson] = useState<PersonValues>(EMPTY_PERSON);
  const [domicile, setDomicile] = useState<DomicileValues>(EMPTY_DOMICILE);
  const [account, setAccount] = useState<AccountValues | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  // the identity a social sign-in left waiting (decision 054): its name and e-mail prefill the wizard
  const social = useSocialUserDetail(!!socialLogin);
  const socialData = social.data && !social.data.linkRequired ? social.data : null;
  const [prefilledFrom, setPrefilledFrom] = useState<typeof socialData>(null);
  if (socialData && prefilledFrom !== socialData) {
    setPrefilledFrom(socialData);
    setPerson((p) => ({
      ...p,
      firstName: p.firstName || socialData.firstName,
      lastName: p.lastName || socialData.lastName,
    }));
    setAccount((a) => a ?? { email: socialData.email, password: '', passwordConfirm: '', disclaimers: [] });
  }

  const go = (next: Step) => {
    setMoved(true);
    setStep(next);
  };

  async function submit(accountValues: AccountValues) {
    setAccount(accountValues);
    setSending(true);
    setGeneral([]);
    const body: RegisterUserBody = {
      registrationType: choice.registrationType as RegistrationType,
      fidelityCard: choice.registrationType === 'card' ? choice.fidelityCard : undefined,
      person,
      domicile,
      account: accountValues,
      ...(socialLogin && socialData ? { social_login: socialLogin } : {}),
    };
    try {
      const data = await registerUser(body);
      // the provider had verified the e-mail: the account is confirmed and signed in already
      if (!data.confirmationRequired && socialData) {
        await getAuthTest().catch(() => false);
        await queryClient.invalidateQueries({ queryKey: accountKeys.all });
        void navigate('/dashboard');
        return;
      }
      void navigate('/registration/thankyou', {
        state: { email: data.email, confirmationRequired: data.confirmationRequired },
      });
    } catch (error) {
      const failure = readServerFailure(error, t('toast.genericError'));
      setServerFields(failure.fields);
      setGeneral(failure.general);
      const steps = Object.keys(failure.fields).map(stepOfField);
      if (steps.length > 0) go(Math.min(...steps) as Step);
    } finally {
      setSending(false);
    }
  }

  const labels = [
    t('account.registration.step1'),
    t('account.registration.step2'),
    t('account.registration.step3'),
  ];
  return (
    <Box>
      {socialLogin ? (
        <FormAlert
          severity="info"
          messages={[
            socialData
              ? t('account.social.registrationPrefilled', { provider: t(providerKey(socialLogin)) })
              : t('account.registration.socialLogin', { provider: socialLogin }),
          ]}
        />
      ) : null}
      {step > 0 ? (
        <Box
          component="ol"
          aria-label={t('account.registration.stepsLabel')}
          sx={{ display: 'flex', gap: 1, p: 0, m: 0, mb: 3, listStyle: 'none', flexWrap: 'wrap' }}
        >
          {labels.map((label, index) => {
            const current = index + 1 === step;
            const done = index + 1 < step;
            return (
              <Box
                component="li"
                key={label}
                aria-current={current ? 'step' : undefined}
                sx={{
                  flex: '1 1 140px',
                  borderTop: 4,
                  borderColor: current || done ? 'primary.main' : 'divider',
                  pt: 1,
                  fontWeight: current ? 700 : 400,
                  color: current ? 'text.primary' : 'text.secondary',
                }}
              >
                {t('account.registration.stepOf', { index: index + 1, count: 3 })}: {label}
                {done ? (
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    {' '}
                    ({t('account.registration.stepDone')})
                  </Box>
                ) : null}
              </Box>
            );
          })}
        </Box>
      ) : null}
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('account.requiredNote')}
      </Typography>
      {step === 0 ? (
        <ChoiceStep
          values={choice}
          focus={moved}
          serverFields={serverFields}
          onNext={(v) => {
            setChoice(v);
            go(1);
          }}
        />
      ) : null}
      {step === 1 ? (
        <PersonStep
          title={labels[0] ?? ''}
          values={person}
          focus={moved}
          serverFields={serverFields}
          onBack={(v) => {
            setPerson(v);
            go(0);
          }}
          onNext={(v) => {
            setPerson(v);
            go(2);
          }}
        />
      ) : null}
      {step === 2 ? (
        <DomicileStep
          title={labels[1] ?? ''}
          values={domicile}
          serverFields={serverFields}
          onBack={(v) => {
            setDomicile(v);
            go(1);
          }}
          onNext={(v) => {
            setDomicile(v);
            go(3);
          }}
        />
      ) : null}
      {step === 3 ? (
        <AccountStep
          title={labels[2] ?? ''}
          values={account}
          serverFields={serverFields}
          general={general}
          sending={sending}
          onBack={(v) => {
            setAccount(v);
            go(2);
          }}
          onSubmit={(v) => void submit(v)}
        />
      ) : null}
    </Box>
  );
}

function StepButtons({
  onBack,
  nextLabel,
  busy,
}: {
  onBack?: () => void;
  nextLabel: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3, flexWrap: 'wrap' }}>
      {onBack ? (
        <Button type="button" variant="outlined" onClick={onBack}>
          {t('account.registration.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" variant="contained" disabled={busy}>
        {nextLabel}
      </Button>
    </Box>
  );
}

const CHOICE_FIELDS = ['registrationType', 'fidelityCard'] as const;

function ChoiceStep({
  values,
  focus,
  serverFields,
  onNext,
}: {
  values: ChoiceValues;
  focus: boolean;
  serverFields: Record<string, string>;
  onNext: (v: ChoiceValues) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<ChoiceValues, unknown, z.output<typeof choiceSchema>>({
    resolver: zodResolver(choiceSchema),
    defaultValues: values,
  });
  useServerFieldErrors(serverFields, CHOICE_FIELDS, '', setError);
  const type = useWatch({ control, name: 'registrationType' });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <FocusHeading focus={focus}>{t('account.registration.choiceTitle')}</FocusHeading>
      <FormRadioGroup
        control={control}
        name="registrationType"
        label={t('account.registration.choiceLabel')}
        row={false}
        options={[
          { value: 'card', label: t('account.registration.withCard') },
          { value: 'email', label: t('account.registration.withEmail') },
        ]}
      />
      {type === 'card' ? (
        <Box sx={{ mt: 2, maxWidth: 400 }}>
          <FormTextField
            control={control}
            name="fidelityCard"
            label={t('account.fields.fidelityCard')}
            helperText={t('account.fields.fidelityCardHelp')}
            inputMode="numeric"
            maxLength={13}
            autoComplete="off"
            required
          />
        </Box>
      ) : null}
      <StepButtons nextLabel={t('account.registration.next')} />
    </Box>
  );
}

/** Step 1's rules: the shared personal data rules plus the tax code against the data given. */
const personStepSchema = personalDataFormSchema.superRefine((v, ctx) => {
  const message = fiscalCodeIssue(v);
  if (message && message !== MESSAGES.fiscalCodeForCitizens)
    ctx.addIssue({ code: 'custom', path: ['fiscalCode'], message });
});

function PersonStep({
  title,
  values,
  focus,
  serverFields,
  onBack,
  onNext,
}: {
  title: string;
  values: PersonValues;
  focus: boolean;
  serverFields: Record<string, string>;
  onBack: (v: PersonValues) => void;
  onNext: (v: PersonValues) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, getValues, setError, clearErrors } = useForm<
    PersonValues,
    unknown,
    z.output<typeof personalDataFormSchema>
  >({
    resolver: zodResolver(personStepSchema),
    defaultValues: values,
  });
  useServerFieldErrors(serverFields, PERSON_FIELDS, 'person.', setError);
  // the tax code is checked as soon as it is left, with the shared rule's words
  const checkFiscalCode = () => {
    const message = fiscalCodeIssue(getValues());
    if (message) setError('fiscalCode', { type: 'validate', message });
    else clearErrors('fiscalCode');
  };
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <FocusHeading focus={focus}>{title}</FocusHeading>
      <PersonFields control={control} onFiscalCodeBlur={checkFiscalCode} />
      <StepButtons onBack={() => onBack(getValues())} nextLabel={t('account.registration.next')} />
    </Box>
  );
}

function DomicileStep({
  title,
  values,
  serverFields,
  onBack,
  onNext,
}: {
  title: string;
  values: DomicileValues;
  serverFields: Record<string, string>;
  onBack: (v: DomicileValues) => void;
  onNext: (v: DomicileValues) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, getValues, setError, setValue } = useForm<
    DomicileValues,
    unknown,
    z.output<typeof domicileFormSchema>
  >({
    resolver: zodResolver(domicileFormSchema),
    defaultValues: values,
  });
  useServerFieldErrors(serverFields, DOMICILE_FIELDS, 'domicile.', setError);
  // the CAP fills the comune and its province, as in the address book
  useComuneFromCap(
    { control, getValues, setValue },
    { postalCode: 'postalCode', city: 'city', province: 'province' },
  );
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((v) => onNext(v))}>
      <FocusHeading focus>{title}</FocusHeading>
      <DomicileFields control={control} />
      <StepButtons onBack={() => onBack(getValues())} nextLabel={t('account.registration.next')} />
    </Box>
  );
}

/** Step 3's rules: the shared account rules plus every required disclaimer ticked. */
function accountStepSchema(disclaimers: readonly RegistrationDisclaimer[]) {
  return accountFormSchema.superRefine((v, ctx) => {
    disclaimers.forEach((d, index) => {
      if (d.required && v.disclaimers[index]?.value !== true)
        ctx.addIssue({
          code: 'custom',
          path: ['disclaimers', index, 'value'],
          message: MESSAGES.consentRequired,
        });
    });
  });
}

function AccountStep(props: {
  title: string;
  values: AccountValues | null;
  serverFields: Record<string, string>;
  general: string[];
  sending: boolean;
  onBack: (v: AccountValues) => void;
  onSubmit: (v: AccountValues) => void;
}) {
  const { t } = useTranslation();
  const disclaimers = useRegistrationDisclaimers();
  if (disclaimers.isPending) return <PageLoading />;
  if (disclaimers.isError)
    return (
      <Box>
        <FormAlert messages={[t('account.registration.disclaimersError')]} />
        <Button onClick={() => void disclaimers.refetch()}>{t('error.retry')}</Button>
      </Box>
    );
  return <AccountForm {...props} disclaimers={disclaimers.data} />;
}

const ACCOUNT_FIELDS = ['email', 'password', 'passwordConfirm'] as const;

function AccountForm({
  title,
  values,
  serverFields,
  general,
  sending,
  onBack,
  onSubmit,
  disclaimers,
}: {
  title: string;
  values: AccountValues | null;
  serverFields: Record<string, string>;
  general: string[];
  sending: boolean;
  onBack: (v: AccountValues) => void;
  onSubmit: (v: AccountValues) => void;
  disclaimers: RegistrationDisclaimer[];
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => accountStepSchema(disclaimers), [disclaimers]);
  const { control, handleSubmit, getValues, setError } = useForm<
    AccountValues,
    unknown,
    z.output<typeof accountFormSchema>
  >({
    resolver: zodResolver(schema),
    defaultValues: {
      email: values?.email ?? '',
      password: values?.password ?? '',
      passwordConfirm: values?.passwordConfirm ?? '',
      disclaimers: disclaimers.map((d) => ({
        registrationDisclaimerId: d.registrationDisclaimerId,
        value:
          values?.disclaimers.find((a) => a.registrationDisclaimerId === d.registrationDisclaimerId)?.value ??
          false,
      })),
    },
  });
  useServerFieldErrors(serverFields, ACCOUNT_FIELDS, 'account.', setError);
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((v) => onSubmit(v))} aria-busy={sending}>
      <FocusHeading focus>{title}</FocusHeading>
      <FormAlert messages={general} focus />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
        <FormTextField
          control={control}
          name="email"
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          required
        />
        <PasswordField
          control={control}
          name="password"
          label={t('account.fields.password')}
          helperText={t('account.fields.passwordPolicy')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          control={control}
          name="passwordConfirm"
          label={t('account.fields.passwordConfirm')}
          autoComplete="new-password"
          required
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          {t('account.registration.privacy')}
        </Typography>
        {disclaimers.map((d, index) => (
          <Box key={d.registrationDisclaimerId} sx={{ mb: 1.5 }}>
            <FormCheckbox
              control={control}
              name={`disclaimers.${index}.value`}
              label={d.title}
              required={d.required}
              helperText={d.descr || undefined}
            />
          </Box>
        ))}
      </Box>
      <StepButtons
        onBack={() => onBack(getValues())}
        nextLabel={sending ? t('account.registration.sending') : t('account.registration.submit')}
        busy={sending}
      />
    </Box>
  );
}
