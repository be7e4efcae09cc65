import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MailPars } from '@spesa/shared/contracts/forms';
import {
  formValuesSchema,
  initialValues,
  inputFields,
  maxDateOf,
  MIN_FORM_DATE,
  textLimitOf,
  uploadTypesOf,
  type FormField,
} from '@spesa/shared/forms/form-fields';
import { ApiError, errorTexts } from '../../../lib/http';
import { openLoginDialog } from '../../../lib/login-dialog-store';
import '../i18n';
import { submitForm, uploadFormFile } from '../api/admin-ajax';
import { useMailPars } from '../api/get-mail-pars';
import { myTicketKeys } from '../api/get-my-tickets';
import { romeToday } from '@spesa/shared/time/rome';

const LOGIN_REQUIRED = 'msg.form.loginRequired';
const todayInRome = () => romeToday();

/**
 * The content system's form renderer (spec sections 2, 4 and 5; decision 051): the form's fields sorted by
 * order, checked with the shared rules and their Italian messages (the server checks the same), files uploaded
 * as they are chosen, steps when the form has them; on success the message is shown and the form hidden.
 */
export function FormRenderer({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useMailPars(formId);
  const [sent, setSent] = useState<{ message: string; ticket: string } | null>(null);
  if (sent)
    return (
      <Alert severity="success" role="status">
        {sent.message}
        <br />
        {t('forms.ticket', { ticket: sent.ticket })}
      </Alert>
    );
  if (isPending)
    return <CircularProgress aria-label={t('forms.loading')} sx={{ display: 'block', mx: 'auto' }} />;
  if (error || !data) {
    const needsLogin =
      error instanceof ApiError && error.response.errors.some((e) => e.code === LOGIN_REQUIRED);
    return needsLogin ? (
      <Alert
        severity="info"
        action={
          <Button color="inherit" onClick={() => openLoginDialog()}>
            {t('forms.login')}
          </Button>
        }
      >
        {t('forms.loginRequired')}
      </Alert>
    ) : (
      <Alert severity="error">{t('forms.loadError')}</Alert>
    );
  }
  return <FilledForm key={data.nonce} form={data} onSent={setSent} onStale={() => void refetch()} />;
}

function FilledForm({
  form,
  onSent,
  onStale,
}: {
  form: MailPars;
  onSent: (s: { message: string; ticket: string }) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields = useMemo(() => inputFields(form.fields), [form.fields]);
  const today = useMemo(() => todayInRome(), []);
  const schema = useMemo(() => formValuesSchema(form.fields, today), [form.fields, today]);
  const { control, handleSubmit, trigger, formState } = useForm<FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(form.fields),
    mode: 'onTouched',
  });
  const [alert, setAlert] = useState<string[] | null>(null);
  const [files, setFiles] = useState<Record<string, { token: string; name: string }[]>>({});
  const [uploading, setUploading] = useState(false);
  const steps = form.settings.steps;
  const [step, setStep] = useState(0);
  const visible = steps.length > 0 ? fields.filter((f) => steps[step]?.fields.includes(f.key)) : fields;
  const last = steps.length === 0 || step === steps.length - 1;
  const submitLabel = form.fields.find((f) => f.type === 'submit')?.label ?? t('forms.send');

  const send = handleSubmit(
    async (values) => {
      setAlert(null);
      try {
        const answer = await submitForm(
          form.form_id,
          form.nonce,
          fields.map((f) => ({ id: f.id, value: values[f.key] })),
        );
        if (answer.submission) {
          // the help page's list of the customer's requests has a new one
          void queryClient.invalidateQueries({ queryKey: myTicketKeys.all });
          onSent({ message: answer.submission.success_msg, ticket: answer.submission.ticket });
        }
      } catch (err) {
        setAlert(errorTexts(err, t('forms.sendError')));
        if (err instanceof ApiError && err.response.errors.some((e) => /nonce/i.test(e.code ?? '')))
          onStale();
      }
    },
    () => setAlert([t('forms.invalid')]),
  );

  const next = async () => {
    const ok = await trigger(steps[step]?.fields ?? []);
    if (ok) {
      setAlert(null);
      setStep((s) => s + 1);
    } else setAlert([t('forms.invalid')]);
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void send(e)} aria-label={form.settings.title}>
      {steps.length > 0 ? (
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('forms.step', { n: step + 1, total: steps.length, title: steps[step]?.title ?? '' })}
        </Typography>
      ) : null}
      <Stack spacing={2.5}>
        {visible.map((f) => (
          <Controller
            key={f.id}
            name={f.key}
            control={control}
            render={({ field, fieldState }) => (
              <FieldInput
                f={f}
                value={field.value as unknown}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                today={today}
                files={files[f.key] ?? []}
                uploading={uploading}
                onFile={async (file) => {
                  setUploading(true);
                  try {
                    const answer = await uploadFormFile(form.form_id, f.id, form.nonce, file);
                    const list = [...(files[f.key] ?? []), ...answer.files];
                    setFiles({ ...files, [f.key]: list });
                    field.onChange(list.map((x) => x.token));
                    setAlert(null);
                  } catch (err) {
                    setAlert(errorTexts(err, t('forms.sendError')));
                  } finally {
                    setUploading(false);
                  }
                }}
                onRemoveFile={(token) => {
                  const list = (files[f.key] ?? []).filter((x) => x.token !== token);
                  setFiles({ ...files, [f.key]: list });
                  field.onChange(list.map((x) => x.token));
                }}
              />
            )}
          />
        ))}
        {alert ? (
          <Alert severity="error" role="alert">
            {alert.map((a) => (
              <div key={a}>{a}</div>
            ))}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2}>
          {steps.length > 0 && step > 0 ? (
            <Button variant="outlined" onClick={() => setStep((s) => s - 1)}>
              {t('forms.back')}
            </Button>
          ) : null}
          {last ? (
            <Button type="submit" variant="contained" disabled={formState.isSubmitting || uploading}>
              {formState.isSubmitting ? t('forms.sending') : submitLabel}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void next()}>
              {t('forms.next')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

interface FieldInputProps {
  f: FormField;
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur: () => void;
  inputRef: (el: HTMLElement | null) => void;
  error: string | undefined;
  today: string;
  files: { token: string; name: string }[];
  uploading: boolean;
  onFile: (file: File) => Promise<void>;
  onRemoveFile: (token: string) => void;
}

/** One field by its type; help and description texts below it; the message of its rule when it fails. */
function FieldInput({
  f,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  today,
  files,
  uploading,
  onFile,
  onRemoveFile,
}: FieldInputProps) {
  const { t } = useTranslation();
  const id = `form-field-${f.id}`;
  const help = [f.help_text, f.desc_text].filter(Boolean).join(' ');
  const helper: ReactNode = error ?? (help || undefined);
  const common = {
    id,
    label: f.label,
    required: f.required,
    disabled: f.disable_input,
    error: Boolean(error),
    helperText: helper,
    fullWidth: true,
    onBlur,
    inputRef,
    className: f.container_class || undefined,
  };
  switch (f.type) {
    case 'hidden':
      return null;
    case 'checkbox':
      return (
        <FormControl error={Boolean(error)} required={f.required} className={f.container_class || undefined}>
          <FormControlLabel
            control={
              <Checkbox
                id={id}
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
                onBlur={onBlur}
                disabled={f.disable_input}
              />
            }
            label={`${f.label}${f.required ? ' *' : ''}`}
          />
          {helper ? <FormHelperText id={`${id}-help`}>{helper}</FormHelperText> : null}
        </FormControl>
      );
    case 'listradio':
      return (
        <FormControl error={Boolean(error)} required={f.required} className={f.container_class || undefined}>
          <FormLabel id={`${id}-label`}>{f.label}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-label`}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
          >
            {f.options.map((o) => (
              <FormControlLabel
                key={o.value}
                value={o.value}
                control={<Radio />}
                label={o.label}
                disabled={f.disable_input}
              />
            ))}
          </RadioGroup>
          {helper ? <FormHelperText>{helper}</FormHelperText> : null}
        </FormControl>
      );
    case 'listselect':
      return (
        <TextField
          {...common}
          select
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('forms.choose')}</option>
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      );
    case 'file_upload': {
      const accept = uploadTypesOf(f)
        .map((x) => `.${x}`)
        .join(',');
      return (
        <FormControl error={Boolean(error)} required={f.required} className={f.container_class || undefined}>
          <FormLabel htmlFor={id}>{f.label}</FormLabel>
          <input
            id={id}
            type="file"
            accept={accept}
            disabled={uploading || f.disable_input}
            aria-describedby={`${id}-help`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onFile(file);
            }}
            style={{ marginTop: 8 }}
          />
          {uploading ? <Typography variant="body2">{t('forms.uploading')}</Typography> : null}
          {files.map((x) => (
            <Stack key={x.token} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{x.name}</Typography>
              <Button
                size="small"
                onClick={() => onRemoveFile(x.token)}
                aria-label={t('forms.removeFile', { name: x.name })}
              >
                ✕
              </Button>
            </Stack>
          ))}
          <FormHelperText id={`${id}-help`}>{helper}</FormHelperText>
        </FormControl>
      );
    }
    default: {
      const limit = textLimitOf(f);
      const type =
        f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : f.type === 'date' ? 'date' : 'text';
      return (
        <TextField
          {...common}
          type={type}
          multiline={f.type === 'textarea'}
          minRows={f.type === 'textarea' ? 4 : undefined}
          placeholder={f.placeholder || undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{
            inputLabel: f.type === 'date' ? { shrink: true } : undefined,
            htmlInput: {
              maxLength: limit,
              lang: 'it-IT',
              ...(f.type === 'date' ? { min: MIN_FORM_DATE, max: maxDateOf(today) } : {}),
              ...(f.type === 'number'
                ? {
                    inputMode: 'decimal',
                    min: f.num_min ?? undefined,
                    max: f.num_max ?? undefined,
                    step: f.num_step ?? undefined,
                  }
                : {}),
              ...(f.type === 'zip' ? { inputMode: 'numeric' } : {}),
              className: f.element_class || undefined,
            },
          }}
        />
      );
    }
  }
}
