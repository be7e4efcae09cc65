import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import { COUNTRIES } from '@spesa/shared/contracts/account';
import { MIN_BIRTH_DATE } from '@spesa/shared/account/validation-rules';
import { FormCheckbox, FormRadioGroup, FormTextField } from '../../../components/form-fields';
import { FormDateField } from '../../../components/form-date-field';

const upper = (v: string) => v.toUpperCase();
const today = () => new Date().toISOString().slice(0, 10);
const gridSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Field names of the personal data (registration step 1, profile data), as the contract spells them. */
export const PERSON_FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'birthDate',
  'birthPlace',
  'birthCountry',
  'italianCitizen',
  'fiscalCode',
  'mobilePhone',
  'homePhone',
] as const;
export const DOMICILE_FIELDS = [
  'address1',
  'addressNumber',
  'postalCode',
  'city',
  'province',
  'countryId',
] as const;

/** Personal data (spec section 3, Profile). `prefix` is '' in the wizard and 'person.' in the profile form. */
export function PersonFields<T extends FieldValues>({
  control,
  prefix = '',
  onFiscalCodeBlur,
}: {
  control: Control<T>;
  prefix?: string;
  /** checks the tax code against the data given when the customer leaves it */
  onFiscalCodeBlur?: () => void;
}) {
  const { t } = useTranslation();
  const n = (name: (typeof PERSON_FIELDS)[number]) => `${prefix}${name}` as FieldPath<T>;
  // the tax code is mandatory for Italian citizens (the shared rule's fiscalCodeForCitizens)
  const italianCitizen = useWatch({ control, name: n('italianCitizen') }) as unknown;
  return (
    <Box sx={gridSx}>
      <FormTextField
        control={control}
        name={n('firstName')}
        label={t('account.fields.firstName')}
        autoComplete="given-name"
        required
      />
      <FormTextField
        control={control}
        name={n('lastName')}
        label={t('account.fields.lastName')}
        autoComplete="family-name"
        required
      />
      <FormRadioGroup
        control={control}
        name={n('gender')}
        label={t('account.fields.gender')}
        required
        options={[
          { value: 'F', label: t('account.fields.genderF') },
          { value: 'M', label: t('account.fields.genderM') },
        ]}
      />
      <FormDateField
        control={control}
        name={n('birthDate')}
        label={t('account.fields.birthDate')}
        required
        min={MIN_BIRTH_DATE}
        max={today()}
      />
      <FormTextField
        control={control}
        name={n('birthPlace')}
        label={t('account.fields.birthPlace')}
        required
      />
      <FormTextField
        control={control}
        name={n('birthCountry')}
        label={t('account.fields.birthCountry')}
        autoComplete="country-name"
        required
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormCheckbox
          control={control}
          name={n('italianCitizen')}
          label={t('account.fields.italianCitizen')}
        />
      </Box>
      <FormTextField
        control={control}
        name={n('fiscalCode')}
        label={t('account.fields.fiscalCode')}
        helperText={t('account.fields.fiscalCodeHelp')}
        transform={upper}
        maxLength={16}
        autoComplete="off"
        required={italianCitizen === true}
        onBlur={onFiscalCodeBlur}
      />
      <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
      <FormTextField
        control={control}
        name={n('mobilePhone')}
        label={t('account.fields.mobilePhone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
      />
      <FormTextField
        control={control}
        name={n('homePhone')}
        label={t('account.fields.homePhone')}
        type="tel"
        inputMode="tel"
      />
    </Box>
  );
}

/** Domicile (registration step 2, profile data). */
export function DomicileFields<T extends FieldValues>({
  control,
  prefix = '',
}: {
  control: Control<T>;
  prefix?: string;
}) {
  const { t } = useTranslation();
  const n = (name: (typeof DOMICILE_FIELDS)[number]) => `${prefix}${name}` as FieldPath<T>;
  return (
    <Box sx={gridSx}>
      <FormTextField
        control={control}
        name={n('address1')}
        label={t('account.fields.address1')}
        autoComplete="address-line1"
        required
      />
      <FormTextField
        control={control}
        name={n('addressNumber')}
        label={t('account.fields.addressNumber')}
        required
      />
      <FormTextField
        control={control}
        name={n('postalCode')}
        label={t('account.fields.postalCode')}
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={5}
        required
      />
      <FormTextField
        control={control}
        name={n('city')}
        label={t('account.fields.city')}
        autoComplete="address-level2"
        required
      />
      <FormTextField
        control={control}
        name={n('province')}
        label={t('account.fields.province')}
        helperText={t('account.fields.provinceHelp')}
        autoComplete="address-level1"
        transform={upper}
        maxLength={2}
        required
      />
      <CountrySelect control={control} name={n('countryId')} label={t('account.fields.country')} />
    </Box>
  );
}

function CountrySelect<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <FormTextField control={control} name={name} label={label} required select shrinkLabel>
      {COUNTRIES.map((c) => (
        <option key={c.countryId} value={String(c.countryId)}>
          {c.name}
        </option>
      ))}
    </FormTextField>
  );
}
