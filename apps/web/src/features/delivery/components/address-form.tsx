import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  ADDRESS_NOT_VALIDATED_CODE,
  addressFormSchema,
  type Address,
  type AddressForm as AddressFormValues,
  type AddressFormOutput,
} from '@spesa/shared/contracts/delivery';
import { FormAlert } from '../../../components/form-alert';
import { FormRadioGroup, FormTextField } from '../../../components/form-fields';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { useComuneFromCap } from '../../../lib/comune-from-cap';
import { ApiError } from '../../../lib/http';
import { checkAddress } from '../api/check-address';
import { useServedProvinces } from '../api/get-provinces';
import { useSaveAddress } from '../api/save-address';

const FIELDS = [
  'receiverName',
  'addressName',
  'address1',
  'addressNumber',
  'postalcode',
  'city',
  'province',
  'otherInfo',
  'floor',
  'elevator',
  'stair',
  'apartment',
  'phone',
] as const;
type FieldName = (typeof FIELDS)[number];

const emptyValues: AddressFormValues = {
  addressName: '',
  receiverName: '',
  address1: '',
  addressNumber: '',
  postalcode: '',
  city: '',
  province: '',
  otherInfo: '',
  floor: '',
  elevator: false,
  stair: '',
  apartment: '',
  phone: '',
};

const toValues = (a: Address): AddressFormValues => ({
  addressId: a.addressId,
  addressName: a.addressName,
  receiverName: a.receiverName,
  address1: a.address1,
  addressNumber: a.addressNumber,
  postalcode: a.postalcode,
  city: a.city,
  province: a.province,
  otherInfo: a.otherInfo,
  floor: a.floor,
  elevator: a.elevator,
  stair: a.stair,
  apartment: a.apartment,
  phone: a.phone,
});

/**
 * The home-address form of the EditAddresses route (spec section 3 fields, section 5 rules and messages,
 * from the shared contract). The CAP finds its comune (and province) through the geography endpoint; the
 * province is one of the served ones. Before saving, /user-address/check tells whether home delivery gets
 * there: out of the area, the message says so; a city that does not match the CAP asks 'Indirizzo non
 * verificato: vuoi salvarlo comunque?' (spec: 'Address not validated, save anyway?').
 */
export function AddressForm({
  address,
  defaultReceiver = '',
  defaultPhone = '',
  onSaved,
}: {
  address?: Address | undefined;
  defaultReceiver?: string;
  defaultPhone?: string;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const provinces = useServedProvinces();
  const [general, setGeneral] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [confirm, setConfirm] = useState<{ values: AddressFormOutput; message: string } | null>(null);
  const { control, handleSubmit, setError, setValue, getValues } = useForm<
    AddressFormValues,
    unknown,
    AddressFormOutput
  >({
    resolver: zodResolver(addressFormSchema),
    defaultValues: address
      ? toValues(address)
      : { ...emptyValues, receiverName: defaultReceiver, phone: defaultPhone },
  });
  const { cities, capUnknown } = useComuneFromCap(
    { control, getValues, setValue },
    { postalCode: 'postalcode', city: 'city', province: 'province' },
  );

  function showFailure(error: unknown) {
    const failure = readServerFailure(error, t('toast.genericError'));
    const rest = applyFieldErrors(failure.fields, FIELDS, (name, message, focus) =>
      setError(name as FieldName, { type: 'server', message }, { shouldFocus: focus }),
    );
    setGeneral([...failure.general, ...rest]);
  }

  function doSave(values: AddressFormOutput) {
    save.mutate(values, { onSuccess: onSaved, onError: showFailure });
  }

  async function submit(values: AddressFormOutput) {
    setGeneral([]);
    setChecking(true);
    try {
      await checkAddress({
        postalcode: values.postalcode,
        city: values.city,
        province: values.province,
        address1: values.address1,
        addressNumber: values.addressNumber,
      });
      doSave(values);
    } catch (error) {
      if (error instanceof ApiError && error.response.errors[0]?.code === ADDRESS_NOT_VALIDATED_CODE)
        setConfirm({ values, message: error.message });
      else showFailure(error);
    } finally {
      setChecking(false);
    }
  }

  const busy = checking || save.isPending;
  const cityOptions = cities.data && cities.data.length > 1 ? cities.data : null;
  return (
    <Box
      component="form"
      noValidate
      aria-busy={busy}
      onSubmit={handleSubmit((values) => void submit(values))}
    >
      <FormAlert messages={general} focus />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="receiverName"
          label={t('delivery.form.receiverName')}
          autoComplete="name"
          required
        />
        <FormTextField
          control={control}
          name="addressName"
          label={t('delivery.form.addressName')}
          helperText={t('delivery.form.addressNameHelp')}
          required
        />
        <FormTextField
          control={control}
          name="address1"
          label={t('delivery.form.address1')}
          autoComplete="address-line1"
          required
        />
        <FormTextField
          control={control}
          name="addressNumber"
          label={t('delivery.form.addressNumber')}
          required
        />
        <FormTextField
          control={control}
          name="postalcode"
          label={t('delivery.form.postalcode')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          required
          helperText={capUnknown ? t('delivery.form.capUnknown') : undefined}
        />
        {cityOptions ? (
          <FormTextField
            control={control}
            name="city"
            label={t('delivery.form.city')}
            select
            shrinkLabel
            required
          >
            {cityOptions.map((c) => (
              <option key={c.istat} value={c.name}>
                {c.name}
              </option>
            ))}
          </FormTextField>
        ) : (
          <FormTextField
            control={control}
            name="city"
            label={t('delivery.form.city')}
            autoComplete="address-level2"
            required
          />
        )}
        <FormTextField
          control={control}
          name="province"
          label={t('delivery.form.province')}
          select
          shrinkLabel
          required
        >
          <option value="">{t('delivery.form.chooseProvince')}</option>
          {(provinces.data ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name} ({p.code})
            </option>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="phone"
          label={t('delivery.form.phone')}
          type="tel"
          autoComplete="tel"
          required
        />
        <FormTextField control={control} name="floor" label={t('delivery.form.floor')} />
        <FormTextField control={control} name="stair" label={t('delivery.form.stair')} />
        <FormTextField control={control} name="apartment" label={t('delivery.form.apartment')} />
        <FormRadioGroup
          control={control}
          name="elevator"
          label={t('delivery.form.elevator')}
          options={[
            { value: 'true', label: t('delivery.form.yes') },
            { value: 'false', label: t('delivery.form.no') },
          ]}
          parse={(v) => v === 'true'}
        />
      </Box>
      <Box sx={{ mt: 2 }}>
        <FormTextField
          control={control}
          name="otherInfo"
          label={t('delivery.form.otherInfo')}
          helperText={t('delivery.form.otherInfoHelp')}
          multiline
        />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 3 }} disabled={busy}>
        {busy ? t('account.sending') : t('delivery.form.save')}
      </Button>
      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        aria-labelledby="address-not-validated-title"
        aria-describedby="address-not-validated-text"
      >
        <DialogTitle id="address-not-validated-title" component="h2" sx={{ fontSize: 20 }}>
          {t('delivery.form.notValidatedTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="address-not-validated-text">{confirm?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('delivery.form.checkAgain')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              const values = confirm?.values;
              setConfirm(null);
              if (values) doSave(values);
            }}
          >
            {t('delivery.form.saveAnyway')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
